import { randomInt } from "node:crypto";
import { DEFAULT_ACCOUNT } from "./options";
import type { Holding } from "./placement/liveStock";
import type { Cloud, ContainerSettings, CpuConfig, Endpoint, JobResponse, Mounts, PodClusterRole, Release } from "./wire";

export type PodCompute = { kind: "gpu"; id: string; count: number } | { kind: "cpu"; id: string; vcpuCount: number; memory: number };

/**
 * One stretch of a pod's life. Status is derived from the current phase and the clock, so no timer ever runs:
 * a booting phase passes through PROVISIONING (only when `provisioning`), STARTING and RUNNING as time goes by.
 */
export type PodPhase =
  { kind: "booting"; since: number; provisioning: boolean } | { kind: "exited"; since: number } | { kind: "failed"; since: number };

export interface PodRecord extends ContainerSettings {
  id: string;
  account: string;
  createdAt: number;
  name: string;
  /** Id of the template the pod was created from. */
  template: string | null;
  locked: boolean;
  globalNetworking: boolean;
  mounts: Mounts;
  compute: PodCompute;
  cloud: Cloud;
  dataCenterId: string;
  /** CUDA version of the host the scheduler picked; reported once the pod has its machine. */
  hostCudaVersion: string | null;
  hostIp: string;
  globalNetworkIp: string;
  /** Oldest first and never empty; the last one is the current phase. */
  phases: PodPhase[];
  /** Set once a phase ended after the pod got its machine, which it then keeps until terminated. */
  machineAssigned: boolean;
  /** Set on a cluster's member pods, which only the cluster endpoints manage. */
  membership: ClusterMembership | null;
}

/** A member pod's fixed place in its cluster; rank and overlay IP are revealed once the pod has its machine. */
export interface ClusterMembership {
  clusterId: string;
  rank: number;
  role: PodClusterRole | null;
  overlayIp: string;
}

/**
 * A job of a queue-based endpoint or of a hosted model. Its status is derived from the clock (queued for
 * `delayTime`, then executing), except where a request ended it early: `cancelledAt`.
 */
export interface JobRecord {
  id: string;
  input: Record<string, unknown>;
  /** When it was queued, or queued again by a retry. */
  submittedAt: number;
  /** Milliseconds in the queue, then of execution as the handler would take. */
  delayTime: number;
  executionTime: number;
  /** The endpoint's execution timeout when it was queued: execution past it ends TIMED_OUT. Null for none. */
  timeout: number | null;
  workerId: string;
  /** The handler's answer once it has run: COMPLETED with `output`, or FAILED with `error`. */
  result: Pick<JobResponse, "status" | "output" | "error">;
  /** What the handler yields as it goes, released evenly over its execution. */
  chunks: unknown[];
  /** How many of `chunks` the stream operation has handed out. */
  chunksRead: number;
  /** When a cancel ended it while queued or running; null otherwise. */
  cancelledAt: number | null;
  /** How many times it was queued again by retry. */
  retries: number;
  /** When its worker ran it before each retry, for billing. */
  earlierRuns: Array<{ start: number; end: number }>;
}

/** An endpoint as held: its settings as rendered (the request URLs are derived when it is), and what it carries. */
export interface EndpointRecord extends Omit<Endpoint, "requestUrls" | "cpu" | "createdAt"> {
  account: string;
  createdAt: number;
  /** The template it was created from (or last patched with); a template in use cannot be deleted. */
  templateId: string | null;
  cpu: CpuConfig[] | null;
  /** The idle stock its standing workers hold, and where; null when none stands or nothing asked for is carried. */
  held: Holding | null;
  /** Newest last; each container-affecting change adds one. */
  releases: Release[];
  /** The endpoint's job history, gone with the endpoint. */
  jobs: Map<string, JobRecord>;
}

/** A record that is gone, kept so that billing still counts what it used while it existed. */
export interface Retired<R> {
  record: R;
  removedAt: number;
}

/** An SSH public key registered on the default account, injected as PUBLIC_KEY into pods created with startSsh. */
export const DEFAULT_ACCOUNT_SSH_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAII7UCnYppW9fe3v5HWLopvtuUqnz/dVckKQLx7thDIYc developer@emulator";

/**
 * Each kind's records, by the name of its collection in every account. The emulator's kinds list (emulator/kinds.ts)
 * names the collections at run time; a kind's folder adds its record type here with `declare module "../store"`.
 */
export interface Collections {
  pods: PodRecord;
  endpoints: EndpointRecord;
}

/** The name of a per-account collection; ids are unique across all of them. */
export type CollectionName = keyof Collections;
export type RecordOf<C extends CollectionName> = Collections[C];
type CollectionMaps = { readonly [C in CollectionName]: Map<string, RecordOf<C>> };

// The class and this interface merge: an account holds one map per collection.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface AccountState extends CollectionMaps {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AccountState {
  /** Jobs of the hosted model endpoints, which belong to no endpoint of the account. */
  readonly hostedJobs = new Map<string, JobRecord>();
  private readonly gone = new Map<CollectionName, Retired<unknown>[]>();

  constructor(
    readonly name: string,
    /** The account's registered SSH public keys, replaced as a whole by `PUT /v2/account/ssh-keys`. */
    public sshPublicKeys: string[],
    collections: readonly CollectionName[],
  ) {
    for (const collection of collections) Object.assign(this, { [collection]: new Map() });
  }

  /** What is gone of one collection, oldest first, kept so that billing still counts what it used. */
  retired<C extends CollectionName>(collection: C): Retired<RecordOf<C>>[] {
    let gone = this.gone.get(collection);
    if (gone === undefined) this.gone.set(collection, (gone = []));
    return gone as Retired<RecordOf<C>>[];
  }

  /** The account's records of one collection. */
  records<C extends CollectionName>(collection: C): Map<string, RecordOf<C>> {
    return this[collection] as Map<string, RecordOf<C>>;
  }
}

export const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ID_LENGTH = 10;

/** Everything the emulator holds, per account. Ids are unique across accounts so a foreign id answers 403, not 404. */
export class Store {
  private readonly accounts = new Map<string, AccountState>();

  /** @param collections - every kind's collection, as the kinds list names them */
  constructor(private readonly collections: readonly CollectionName[]) {}

  account(name: string): AccountState {
    let state = this.accounts.get(name);
    if (state === undefined) {
      state = new AccountState(name, name === DEFAULT_ACCOUNT ? [DEFAULT_ACCOUNT_SSH_KEY] : [], this.collections);
      this.accounts.set(name, state);
    }
    return state;
  }

  allAccounts(): AccountState[] {
    return [...this.accounts.values()];
  }

  /** The record with this id in any account's `collection`. */
  find<C extends CollectionName>(collection: C, id: string): RecordOf<C> | undefined {
    for (const account of this.accounts.values()) {
      const record = account.records(collection).get(id);
      if (record !== undefined) return record;
    }
    return undefined;
  }

  findPod(id: string): PodRecord | undefined {
    return this.find("pods", id);
  }

  newId(): string {
    for (;;) {
      let id = "";
      for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
      if (this.collections.every((collection) => this.find(collection, id) === undefined)) return id;
    }
  }
}
