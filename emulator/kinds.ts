import { accountKind } from "./account/kind";
import { billingKind } from "./billing/kind";
import { catalogKind } from "./catalog/kind";
import { clusterKind } from "./clusters/kind";
import { jobKind } from "./jobs/kind";
import type { EmulatorKind, KindSnapshot } from "./kind";
import { loadBalancerKind } from "./loadBalancer/kind";
import { networkVolumeKind } from "./networkVolumes/kind";
import { podKind } from "./pods/kind";
import { registryDelegationKind } from "./registryDelegations/kind";
import { registryKind } from "./registries/kind";
import { serverlessKind } from "./serverless/kind";
import { templateKind } from "./templates/kind";
import type { CollectionName } from "./store";

/**
 * THE list of what the emulator serves, one line per kind, in the order the OpenAPI description lists them. The
 * store's collections, the served routes, the OpenAPI document and `Emulator.snapshot()` are all derived from it.
 */
export const KINDS = [
  podKind,
  clusterKind,
  serverlessKind,
  jobKind,
  loadBalancerKind,
  networkVolumeKind,
  templateKind,
  registryKind,
  registryDelegationKind,
  accountKind,
  catalogKind,
  billingKind,
] as const satisfies readonly EmulatorKind[];

/** Every kind's collection, for the store. */
export const COLLECTIONS: readonly CollectionName[] = (KINDS as readonly EmulatorKind[]).flatMap(({ collection }) =>
  collection === undefined ? [] : [collection],
);

type Shown<Kind> = Kind extends { snapshot: KindSnapshot<infer Key, infer View> } ? { [K in Key]: View } : never;
type Merged<Union> = (Union extends unknown ? (part: Union) => void : never) extends (part: infer All) => void ? All : never;

/** What the emulator holds, across accounts, under each kind's snapshot key; registries without their credentials. */
export type EmulatorSnapshot = Merged<Shown<(typeof KINDS)[number]>>;
