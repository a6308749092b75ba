import { describe, expect, it } from "vitest";
import { detailedDiff, type PropertyChange, propertyChanges } from "../../provider/plugin/detailedDiff";
import type { Properties } from "../../provider/plugin/properties";
import { networkVolume } from "../../provider/resources/networkVolume/declaration";

interface MappingRow {
  case: string;
  olds: Properties;
  news: Properties;
  updates: string[];
  replaces: string[];
  expected: Record<string, PropertyChange>;
}

const mappingRows: MappingRow[] = [
  { case: "no change", olds: { name: "a" }, news: { name: "a" }, updates: [], replaces: [], expected: {} },
  {
    case: "a value changed in place",
    olds: { name: "a" },
    news: { name: "b" },
    updates: ["name"],
    replaces: [],
    expected: { name: "UPDATE" },
  },
  { case: "a value set in place", olds: {}, news: { registry: "r1" }, updates: ["registry"], replaces: [], expected: { registry: "ADD" } },
  {
    case: "a value unset in place",
    olds: { registry: "r1" },
    news: {},
    updates: ["registry"],
    replaces: [],
    expected: { registry: "DELETE" },
  },
  {
    case: "a value changed that replaces",
    olds: { dataCenter: "US-TX-3" },
    news: { dataCenter: "EU-RO-1" },
    updates: [],
    replaces: ["dataCenter"],
    expected: { dataCenter: "UPDATE_REPLACE" },
  },
  {
    case: "a value set that replaces",
    olds: {},
    news: { cpu: { id: "c" } },
    updates: [],
    replaces: ["cpu"],
    expected: { cpu: "ADD_REPLACE" },
  },
  {
    case: "a value unset that replaces",
    olds: { gpu: { id: "g" } },
    news: {},
    updates: [],
    replaces: ["gpu"],
    expected: { gpu: "DELETE_REPLACE" },
  },
  {
    case: "a replaced field that kept its value (replaced by another's rule)",
    olds: { gpu: { id: "g" } },
    news: { gpu: { id: "g" } },
    updates: [],
    replaces: ["gpu"],
    expected: { gpu: "UPDATE_REPLACE" },
  },
  {
    case: "in place and replacing together",
    olds: { name: "a", cloud: "SECURE" },
    news: { name: "b", cloud: "COMMUNITY" },
    updates: ["name"],
    replaces: ["cloud"],
    expected: { name: "UPDATE", cloud: "UPDATE_REPLACE" },
  },
];

describe("propertyChanges: each changed property with what the change does to it", () => {
  it.each(mappingRows)("$case", ({ olds, news, updates, replaces, expected }) => {
    expect(propertyChanges(olds, news, updates, replaces)).toEqual(expected);
  });
});

interface DeclarationRow {
  case: string;
  news: Properties;
  replaces: string[];
  expected: Record<string, PropertyChange>;
}

const volume = { name: "data", size: 20, dataCenter: "US-TX-3", type: "STANDARD" };

const declarationRows: DeclarationRow[] = [
  { case: "the same arguments", news: volume, replaces: [], expected: {} },
  { case: "a larger size, in place by its fate", news: { ...volume, size: 30 }, replaces: [], expected: { size: "UPDATE" } },
  {
    case: "a rename and another type, the type replacing by its fate",
    news: { ...volume, name: "scratch", type: "HIGH_PERFORMANCE" },
    replaces: ["type"],
    expected: { name: "UPDATE", type: "UPDATE_REPLACE" },
  },
  { case: "adopt, which changes nothing after create", news: { ...volume, adopt: "v1" }, replaces: [], expected: {} },
];

describe("detailedDiff: the fates of a declaration decide each property's change", () => {
  it.each(declarationRows)("$case", ({ news, replaces, expected }) => {
    expect(detailedDiff(networkVolume, volume, news, replaces)).toEqual(expected);
  });
});
