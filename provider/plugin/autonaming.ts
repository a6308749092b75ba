import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { PROPOSED_NAME, proposeName } from "../resources/autoName";

/**
 * The engine's request, with the name it proposes for a resource that its arguments leave unnamed: the stack's
 * autonaming option when one is configured (none when it disables autonaming), else the logical name and seven
 * hex digits of the random seed the engine gives the resource. `check` decides whether to take it.
 */
export function withEngineProposal<Props extends object>(request: proto.CheckRequest, news: Props): Props {
  const autonaming = request.getAutonaming();
  if (autonaming?.getMode() === proto.CheckRequest.AutonamingOptions.Mode.DISABLE) return news;
  const seed = Buffer.from(request.getRandomseed_asU8()).toString("hex");
  const name = request.getName() || request.getUrn().slice(request.getUrn().lastIndexOf("::") + 2);
  const proposal = autonaming?.getProposedName() || proposeName(name, ...(seed === "" ? [] : [() => seed]));
  return { ...news, [PROPOSED_NAME]: proposal };
}
