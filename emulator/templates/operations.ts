import type { Operation } from "../http/operation";
import { createTemplate } from "./createTemplate";
import { deleteTemplate } from "./deleteTemplate";
import { getTemplate } from "./getTemplate";
import { listPublicTemplates } from "./listPublicTemplates";
import { listTemplates } from "./listTemplates";
import { updateTemplate } from "./updateTemplate";

/**
 * Every operation on `/v2/templates` and the public catalog at `/v2/catalog/templates`, one file each, in the order
 * the OpenAPI description lists them.
 */
export const TEMPLATE_OPERATIONS: readonly Operation[] = [
  listTemplates,
  createTemplate,
  getTemplate,
  updateTemplate,
  deleteTemplate,
  listPublicTemplates,
];
