export * from "../resources/registryDelegation/inputs";
