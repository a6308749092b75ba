import * as billing from "../functions/billing";
import * as catalog from "../functions/catalog";
import * as clusters from "../functions/clusters";
import * as pods from "../functions/pods";
import * as serverless from "../functions/serverless";
import * as templates from "../functions/templates";

/** The modules whose `get…` functions are the data functions; each also has a `get…Output` form, which is not served. */
const modules = { billing, catalog, clusters, pods, serverless, templates };

type Modules = typeof modules;
type Exports = { [M in keyof Modules]: Modules[M] }[keyof Modules];
type AllExports = UnionToIntersection<Exports>;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The name of every data function: an exported `get…` that is not the `…Output` form. */
export type DataFunctionName = {
  [Name in keyof AllExports]: Name extends `get${string}Output` ? never : Name extends `get${string}` ? Name : never;
}[keyof AllExports];

/** A data function as an invoke serves it: plain arguments in, a plain object out. */
export type DataFunction = (args: Record<string, unknown>) => Promise<object>;

/** Each data function's arguments and result; the Pulumi package schema is generated from this type. */
export type PluginFunctionTypes = {
  [Name in DataFunctionName]: AllExports[Name] extends (args: infer Args) => Promise<infer Result>
    ? { args: NonNullable<Args>; result: Result }
    : never;
};

const isDataFunction = (name: string): name is DataFunctionName => name.startsWith("get") && !name.endsWith("Output");

/** Every data function by name: the invoke token is `computeplatform:index:<name>`. */
export const dataFunctions: ReadonlyMap<string, DataFunction> = new Map(
  Object.values(modules).flatMap((module) =>
    Object.entries(module)
      .filter(([name, value]) => isDataFunction(name) && typeof value === "function")
      .map(([name, value]) => [name, value as DataFunction]),
  ),
);
