import type { EmulatorKind, KindSnapshot } from "./kind";
import * as registered from "./kinds";
import type { CollectionName } from "./store";

/** Every kind the emulator serves, in the order kinds.ts registers them. */
export const KINDS = Object.values(registered satisfies Record<string, EmulatorKind>);

/** Every kind's collection, for the store. */
export const COLLECTIONS: readonly CollectionName[] = (KINDS as readonly EmulatorKind[]).flatMap(({ collection }) =>
  collection === undefined ? [] : [collection],
);

type Shown<Kind> = Kind extends { snapshot: KindSnapshot<infer Key, infer View> } ? { [K in Key]: View } : never;
type Merged<Union> = (Union extends unknown ? (part: Union) => void : never) extends (part: infer All) => void ? All : never;

/** What the emulator holds, across accounts, under each kind's snapshot key; registries without their credentials. */
export type EmulatorSnapshot = Merged<Shown<(typeof KINDS)[number]>>;
