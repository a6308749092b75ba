import { endpoints } from "./endpoints";
import type { V1Kind } from "./kind";
import { pods } from "./pods";
import { registries } from "./registries";
import { templates } from "./templates";
import { volumes } from "./volumes";

/**
 * The kinds of v1 object the migration knows, in the order they are converted and written: each only refers to
 * kinds before it (a template to a registry; a pod to a template, a volume and a registry).
 */
export const V1_KINDS: readonly V1Kind[] = [registries, volumes, templates, pods, endpoints];
