import type * as pulumi from "@pulumi/pulumi";
import * as dynamic from "@pulumi/pulumi/dynamic";
import { withProposedName } from "../autoName";
import { type DeclaredClassKind, unsetOutputs } from "../classKind";
import { secretOutputs, withSecretInputs, withSecretOutputs } from "./secrets";

/**
 * The dynamic resource of a declared kind. Every declared output is among its properties even when the
 * arguments leave it out, so that it is an output of the resource then too; secret inputs are wrapped, and
 * secret outputs kept secret, as the declaration says.
 */
export abstract class DeclaredResource extends dynamic.Resource {
  /**
   * The kind's declaration and provider module (which the engine serializes as `require(<its file>)`): each
   * class sets it with `declaredKind`, and the kind registry reads it.
   */
  declare static readonly kind: DeclaredClassKind;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The resource's arguments.
   * @param opts Resource options.
   */
  protected constructor(name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
    const { declaration, provider } = new.target.kind;
    const inputs = { ...unsetOutputs(new.target.kind), ...withSecretInputs(declaration, args) };
    const props = declaration.autoNamed ? withProposedName(name, inputs) : inputs;
    super(provider, name, props, withSecretOutputs(opts, ...secretOutputs(declaration)), "computeplatform", declaration.type);
  }
}
