import type { Operation } from "../http/operation";
import { createRegistry } from "./createRegistry";
import { deleteRegistry } from "./deleteRegistry";
import { getRegistry } from "./getRegistry";
import { listRegistries } from "./listRegistries";
import { updateRegistry } from "./updateRegistry";

/**
 * Every operation on `/v2/registries`, container registry credentials, one file each, in the order the OpenAPI
 * description lists them. Username and password are write-only; names need not be unique.
 */
export const REGISTRY_OPERATIONS: readonly Operation[] = [listRegistries, createRegistry, getRegistry, updateRegistry, deleteRegistry];
