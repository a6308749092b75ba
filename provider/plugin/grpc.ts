import { createRequire } from "node:module";

// The generated stubs in @pulumi/pulumi/proto require these packages from where @pulumi/pulumi is installed;
// the server and the Struct values are taken from the very same copies, whatever else node_modules holds.
const requireBesidePulumi = createRequire(require.resolve("@pulumi/pulumi"));

/** gRPC for Node, as the Pulumi SDK's stubs use it. */
export const grpc: typeof import("@grpc/grpc-js") = requireBesidePulumi("@grpc/grpc-js");

/** `google.protobuf.Struct`, the shape of every property bag the engine exchanges with a provider. */
export const { Struct }: typeof import("google-protobuf/google/protobuf/struct_pb") = requireBesidePulumi(
  "google-protobuf/google/protobuf/struct_pb",
);

/** `google.protobuf.Empty`. */
export const { Empty }: typeof import("google-protobuf/google/protobuf/empty_pb") = requireBesidePulumi(
  "google-protobuf/google/protobuf/empty_pb",
);

/** `google.protobuf.Any`, which carries an error's structured details. */
export const { Any }: typeof import("google-protobuf/google/protobuf/any_pb") = requireBesidePulumi(
  "google-protobuf/google/protobuf/any_pb",
);
