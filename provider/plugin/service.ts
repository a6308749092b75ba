import type * as grpcTypes from "@grpc/grpc-js";
import type { IResourceProviderServer } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as plugin from "@pulumi/pulumi/proto/plugin_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import * as status from "@pulumi/pulumi/proto/status_pb";
import { withEngineProposal } from "./autonaming";
import { detailedDiff } from "./detailedDiff";
import { dataFunctions } from "./functions";
import { Any, Empty, grpc } from "./grpc";
import { type Properties, plainProperties, toStruct, withSecrets } from "./properties";
import { changedConfig, checkConfig, configure } from "./providerConfig";
import { PACKAGE, type PluginResource, resourceKind } from "./resources";
import { UserError } from "../errors";
import { lifetimePlan } from "../resources/lifetime/withLifetime";

/** What the plugin serves beside the resources: its version and its Pulumi package schema. */
export interface PluginInfo {
  version: string;
  schema: string;
}

type Handler<Request, Response> = (request: Request) => Promise<Response>;

/** A unary gRPC method from an async function; a thrown error becomes the call's error. */
function unary<Request, Response>(handler: Handler<Request, Response>): grpcTypes.handleUnaryCall<Request, Response> {
  return (call, callback) => {
    handler(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(serviceError(error)),
    );
  };
}

/**
 * The engine's form of a provider error. One that carries an `id` (the provider modules' `initializationFailure`)
 * is a resource that exists but did not initialise: the engine records it with its properties and reasons.
 */
function serviceError(error: unknown): Partial<grpcTypes.ServiceError> {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  const failed = error as { id?: string; properties?: Properties; reasons?: string[] };
  if (typeof failed.id === "string" && failed.id !== "") {
    const detail = new proto.ErrorResourceInitFailed();
    detail.setId(failed.id);
    detail.setProperties(toStruct(failed.properties ?? {}));
    detail.setReasonsList(failed.reasons ?? [message]);
    const details = new Any();
    details.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const packed = new status.Status();
    packed.setCode(grpc.status.UNKNOWN);
    packed.setMessage(message);
    packed.addDetails(details);
    metadata.add("grpc-status-details-bin", Buffer.from(packed.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

/** The resource kind a request is for, from its type (or, from older engines, its URN). */
function kindOf(request: { getType(): string; getUrn(): string }): PluginResource {
  const token = request.getType() || (request.getUrn().split("::")[2]?.split("$").pop() ?? "");
  const kind = resourceKind(token);
  if (kind === undefined) throw new UserError(`${PACKAGE}: unknown resource type "${token}"`);
  return kind;
}

/**
 * The engine's create or update deadline (`customTimeouts`, in seconds; 0 when not set) replaces the kind's own
 * wait bound for this operation only: state keeps the declared value, so the option never shows as a change.
 */
async function withinDeadline<Result extends { outs?: Properties }>(
  kind: PluginResource,
  timeoutSeconds: number,
  inputs: Properties,
  operation: (inputs: Properties) => Promise<Result>,
): Promise<Result> {
  const { deadline } = kind;
  if (deadline === undefined || !(timeoutSeconds > 0)) return operation(inputs);
  const result = await operation({ ...inputs, [deadline]: Math.max(1, Math.ceil(timeoutSeconds)) });
  return result.outs !== undefined && deadline in result.outs
    ? { ...result, outs: { ...result.outs, [deadline]: inputs[deadline] } }
    : result;
}

function outputsStruct(kind: PluginResource, outputs: object) {
  return toStruct(withSecrets(outputs as Properties, kind.secretOutputs ?? []));
}

/**
 * Runs a create or update of `kind`. The properties of a resource that exists but did not initialise reach state
 * too, so they keep the kind's secret outputs secret, as a successful result's do.
 */
async function keepingFailureSecrets<Result>(kind: PluginResource, operation: () => Promise<Result>): Promise<Result> {
  try {
    return await operation();
  } catch (error) {
    const failed = error as { id?: unknown; properties?: Properties };
    if (typeof failed.id === "string" && failed.properties !== undefined)
      failed.properties = withSecrets(failed.properties, kind.secretOutputs ?? []);
    throw error;
  }
}

/**
 * The Pulumi ResourceProvider gRPC service for this package, on the stubs the Pulumi SDK ships. Every resource
 * method is its kind's provider module, the same one the dynamic resources serialize; config, secrets and
 * deadlines are the plugin's own. Methods left out answer UNIMPLEMENTED.
 */
export function resourceProviderService(info: PluginInfo) {
  return {
    getPluginInfo: unary(async () => new plugin.PluginInfo().setVersion(info.version)),

    getSchema: unary(async (request: proto.GetSchemaRequest) => {
      if (request.getVersion() !== 0) throw new Error(`unsupported schema version ${request.getVersion()}`);
      return new proto.GetSchemaResponse().setSchema(info.schema);
    }),

    checkConfig: unary(async (request: proto.CheckRequest) =>
      new proto.CheckResponse().setInputs(toStruct(checkConfig(plainProperties(request.getNews())))),
    ),

    diffConfig: unary(async (request: proto.DiffRequest) => {
      const changed = changedConfig(plainProperties(request.getOlds()), plainProperties(request.getNews()));
      const changes = changed.length > 0 ? proto.DiffResponse.DiffChanges.DIFF_SOME : proto.DiffResponse.DiffChanges.DIFF_NONE;
      return new proto.DiffResponse().setChanges(changes).setDiffsList(changed);
    }),

    configure: unary(async (request: proto.ConfigureRequest) => {
      await configure(plainProperties(request.getArgs()));
      // Secrets arrive in plain text and outputs return marked by the plugin; previews never create or update.
      return new proto.ConfigureResponse()
        .setAcceptsecrets(false)
        .setAcceptresources(false)
        .setSupportspreview(false)
        .setSupportsAutonamingConfiguration(true);
    }),

    check: unary(async (request: proto.CheckRequest) => {
      const kind = kindOf(request);
      const news = withEngineProposal(request, plainProperties(request.getNews()));
      const result = await kind.provider.check(plainProperties(request.getOlds()), news);
      const response = new proto.CheckResponse();
      if (result.inputs) response.setInputs(toStruct(withSecrets(result.inputs, kind.secretInputs ?? [])));
      return response.setFailuresList(
        (result.failures ?? []).map((failure) => new proto.CheckFailure().setProperty(failure.property).setReason(failure.reason)),
      );
    }),

    diff: unary(async (request: proto.DiffRequest) => {
      const kind = kindOf(request);
      const olds = plainProperties(request.getOlds());
      const news = plainProperties(request.getNews());
      const result = await kind.provider.diff(request.getId(), olds, news);
      const changes =
        result.changes === undefined
          ? proto.DiffResponse.DiffChanges.DIFF_UNKNOWN
          : result.changes
            ? proto.DiffResponse.DiffChanges.DIFF_SOME
            : proto.DiffResponse.DiffChanges.DIFF_NONE;
      const response = new proto.DiffResponse()
        .setChanges(changes)
        .setReplacesList(result.replaces ?? [])
        .setDeletebeforereplace(result.deleteBeforeReplace ?? false);
      // Per property from the declaration; an undeclared kind leaves the engine to compare the inputs itself, and a
      // diff of no change (a pod its lifetime holds stopped) has no property to name. The arguments are compared as
      // the lifetime plans them: a pod it stops now by its `desiredStatus`, a resource it terminates by its `lifetime`.
      if (kind.declaration === undefined || result.changes === false) return response;
      const planned = lifetimePlan(kind.provider)?.planned(olds, news) ?? { news, deletes: [] };
      const properties = response.setHasdetaileddiff(true).getDetaileddiffMap();
      const perProperty = detailedDiff(kind.declaration, olds, planned.news, result.replaces ?? [], planned.deletes);
      for (const [name, change] of Object.entries(perProperty)) {
        // The recorded side is the outputs, which the declaration's fates compare against the arguments.
        properties.set(name, new proto.PropertyDiff().setKind(proto.PropertyDiff.Kind[change]).setInputdiff(false));
      }
      return response;
    }),

    create: unary(async (request: proto.CreateRequest) => {
      const kind = kindOf(request);
      const { id, outs } = await keepingFailureSecrets(kind, () =>
        withinDeadline(kind, request.getTimeout(), plainProperties(request.getProperties()), (inputs) => kind.provider.create(inputs)),
      );
      return new proto.CreateResponse().setId(id).setProperties(outputsStruct(kind, outs ?? {}));
    }),

    read: unary(async (request: proto.ReadRequest) => {
      const kind = kindOf(request);
      // `pulumi import` reads with no properties at all: the provider modules rebuild everything from the live resource.
      const result = await kind.provider.read(request.getId(), plainProperties(request.getProperties()));
      const response = new proto.ReadResponse().setId(result.id ?? "");
      if (!result.id) return response;
      response.setProperties(outputsStruct(kind, result.props ?? {}));
      if (result.inputs) response.setInputs(toStruct(withSecrets(result.inputs, kind.secretInputs ?? [])));
      return response;
    }),

    update: unary(async (request: proto.UpdateRequest) => {
      const kind = kindOf(request);
      const olds = plainProperties(request.getOlds());
      const { outs } = await keepingFailureSecrets(kind, () =>
        withinDeadline(kind, request.getTimeout(), plainProperties(request.getNews()), (news) =>
          kind.provider.update(request.getId(), olds, news),
        ),
      );
      return new proto.UpdateResponse().setProperties(outputsStruct(kind, outs ?? {}));
    }),

    delete: unary(async (request: proto.DeleteRequest) => {
      await kindOf(request).provider.delete(request.getId(), plainProperties(request.getProperties()));
      return new Empty();
    }),

    invoke: unary(async (request: proto.InvokeRequest) => {
      const token = request.getTok();
      const [pkg, module, name = ""] = token.split(":");
      const dataFunction = pkg === PACKAGE && module === "index" ? dataFunctions.get(name) : undefined;
      if (dataFunction === undefined) throw new UserError(`${PACKAGE}: unknown function "${token}"`);
      const result = await dataFunction(plainProperties(request.getArgs()));
      return new proto.InvokeResponse().setReturn(toStruct(result));
    }),

    cancel: unary(async () => new Empty()),
  } satisfies Partial<IResourceProviderServer>;
}
