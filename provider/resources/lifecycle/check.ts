import type * as dynamic from "@pulumi/pulumi/dynamic";
import { checkPlacement } from "../../placement/checkPlacement";
import { type PlacedCheckResult, withPlacementCheck } from "../../placement/placementChoice";
import { type Named, resolveName } from "../autoName";
import type { Checked, Fields, KindDeclaration } from "./declaration";
import { withDeclaredDefaults } from "./declaredDefaults";
import { ownProperties } from "./engineProperties";
import { validate } from "./validate";

/**
 * `check`: the arguments validated (each failing field named, before any API call) with the declared defaults
 * applied; where `placement` leaves a choice, some acceptable configuration must be offered.
 */
export async function check<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(
  declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>,
  olds: Partial<Args>,
  props: Args,
): Promise<PlacedCheckResult<Checked<Args, F>>> {
  const result = await checkOffline(declaration, olds, props);
  const { inputs } = result;
  const placed =
    inputs === undefined || (inputs as { adopt?: string }).adopt !== undefined ? undefined : declaration.placement?.scope(inputs);
  return placed === undefined ? result : withPlacementCheck(result, await checkPlacement(placed));
}

/** `check`'s rules and defaults alone, with no API call: what a manifest is validated by offline. */
export async function checkOffline<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(
  declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>,
  olds: Partial<Args>,
  props: Args,
): Promise<dynamic.CheckResult<Checked<Args, F>>> {
  const named = declaration.autoNamed === true ? resolveName(olds as { name?: unknown }, props as Args & { name?: unknown }) : props;
  const news = ownProperties(named) as Named<Args>;
  const failures = [...validate(declaration.schema, news), ...(declaration.transition?.(olds, news) ?? [])];
  return failures.length > 0 ? { failures } : { inputs: withDeclaredDefaults(declaration, news) };
}
