import type { Template } from "../../provider/resources/template/inputs";
import { sameValue } from "../../provider/values/sameValue";

/** The container settings a pod takes from its template when it leaves them out. */
const TEMPLATE_SETTINGS = ["image", "args", "disk", "ports", "registry"] as const;

/**
 * A pod's arguments without what it has from its template: the settings equal to the template's and the env
 * entries it holds as the template does. The service keeps them on the pod, and `templateId` says where they are from.
 */
export function withoutTemplateSettings(args: Record<string, unknown>, template: Template): Record<string, unknown> {
  const own = Object.fromEntries(
    Object.entries(args).filter(
      ([name, value]) => !(TEMPLATE_SETTINGS as readonly string[]).includes(name) || !sameValue(value, template[name as keyof Template]),
    ),
  );
  if (typeof own.env === "object" && own.env !== null) {
    const env = Object.fromEntries(Object.entries(own.env).filter(([key, value]) => template.env[key] !== value));
    if (Object.keys(env).length > 0) own.env = env;
    else delete own.env;
  }
  return own;
}
