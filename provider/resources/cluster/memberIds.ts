import type { ComputePlatformClient } from "../../client";
import { unlessNotFound } from "../unlessNotFound";

/** The ids of a cluster's member pods, which its delete ends; none for a cluster already gone. */
export async function memberIds(client: ComputePlatformClient, id: string): Promise<string[]> {
  return ((await unlessNotFound(() => client.clusters.pods(id))) ?? []).map((member) => member.id);
}
