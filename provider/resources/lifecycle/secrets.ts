import type * as pulumi from "@pulumi/pulumi";
import { secret } from "@pulumi/pulumi/output";
import { type AnyDeclaration, secretProperties } from "./declaration";

/** Resource options that also keep the named outputs secret in state, whatever the program passed. */
export function withSecretOutputs(opts: pulumi.CustomResourceOptions | undefined, ...names: string[]): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...names] };
}

/** Arguments whose value is a secret in state and in `dev`'s cache, as inputs and as outputs. */
export function secretInputs(declaration: AnyDeclaration): string[] {
  return secretProperties(declaration, "inputAndOutput", "configOnly");
}

/** Outputs that are secrets in state: those of the secret arguments. */
export const secretOutputs = secretInputs;

/** The arguments with each secret input wrapped as a secret, as the engine is to keep it. */
export function withSecretInputs<Args extends object>(declaration: AnyDeclaration, args: Args): Args {
  const wrapped = secretInputs(declaration)
    .filter((name) => name in args)
    .map((name) => [name, secret((args as Record<string, pulumi.Input<unknown>>)[name])]);
  return { ...args, ...Object.fromEntries(wrapped) };
}
