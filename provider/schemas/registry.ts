export * from "../resources/registry/inputs";
