import * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { withProposedName } from "../autoName";
import type { AnyDeclaration } from "./declaration";
import { secretOutputs, withSecretInputs, withSecretOutputs } from "./secrets";

/**
 * The dynamic resource of a declared kind. Every declared output is among its properties even when the
 * arguments leave it out, so that it is an output of the resource then too; secret inputs are wrapped, and
 * secret outputs kept secret, as the declaration says.
 */
export abstract class DeclaredResource extends pulumi.dynamic.Resource {
  /**
   * @param declaration The kind's declaration.
   * @param provider The kind's provider module, which the engine serializes as `require(<its file>)`.
   * @param name The unique name of the resource in the stack.
   * @param args The resource's arguments.
   * @param opts Resource options.
   */
  protected constructor(
    declaration: AnyDeclaration,
    provider: dynamic.ResourceProvider,
    name: string,
    args: object,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const outputs = Object.fromEntries(declaration.outputs.map((output: string) => [output, undefined]));
    const inputs = { ...outputs, ...withSecretInputs(declaration, args) };
    const props = declaration.autoNamed ? withProposedName(name, inputs) : inputs;
    super(provider, name, props, withSecretOutputs(opts, ...secretOutputs(declaration)), "computeplatform", declaration.type);
  }
}
