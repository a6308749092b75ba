import type * as dynamic from "@pulumi/pulumi/dynamic";
import { checkPlacement } from "../../placement/checkPlacement";
import { type PlacedCheckResult, withPlacementCheck } from "../../placement/placementChoice";
import { type Named, resolveName } from "../autoName";
import type { AnyDeclaration } from "./declaration";
import { withDeclaredDefaults } from "./declaredDefaults";
import { ownProperties } from "./engineProperties";
import { validate } from "./validate";

/**
 * `check`: the arguments validated (each failing field named, before any API call) with the declared defaults
 * applied; where `placement` leaves a choice, some acceptable configuration must be offered.
 */
export async function check(declaration: AnyDeclaration, olds: object, props: object): Promise<PlacedCheckResult<object>> {
  const result = await checkOffline(declaration, olds, props);
  const { inputs } = result;
  const placed =
    inputs === undefined || (inputs as { adopt?: string }).adopt !== undefined ? undefined : declaration.placement?.scope(inputs);
  return placed === undefined ? result : withPlacementCheck(result, await checkPlacement(placed));
}

/** `check`'s rules and defaults alone, with no API call: what a manifest is validated by offline. */
export async function checkOffline(declaration: AnyDeclaration, olds: object, props: object): Promise<dynamic.CheckResult<object>> {
  const named = declaration.autoNamed === true ? resolveName(olds as { name?: unknown }, props as { name?: unknown }) : props;
  const news = ownProperties(named) as Named<object>;
  const failures = [...validate(declaration.schema, news), ...(declaration.transition?.(olds, news) ?? [])];
  return failures.length > 0 ? { failures } : { inputs: withDeclaredDefaults(declaration, news) };
}
