// The one registration of every resource kind: its class, which carries what the registry needs as its static
// `kind`, and the types of its arguments. The package index re-exports this module; the kind registry
// (kindRegistry.ts), and through it the plugin, the manifest, `dev`, the schemas and the README table, read its
// classes, in this order. A class's export name is its type name: the token is `computeplatform:index:<Kind>`.
// Where a wire type has the name of its kind (the API's `Pod`), the class's export shadows it. A kind in its folder
// is one line, its class's module, which re-exports the types of its inputs.ts.
export * from "./resources/pod/pod";
export * from "./resources/cluster/cluster";
export * from "./resources/serverlessEndpoint/serverlessEndpoint";
export * from "./resources/template/template";
export * from "./resources/networkVolume/networkVolume";
export * from "./resources/registry/registry";
export * from "./resources/registryDelegation/registryDelegation";
export * from "./resources/accountSshKeys/accountSshKeys";
export * from "./resources/job/job";
export * from "./resources/textToVideoJob/textToVideoJob";
