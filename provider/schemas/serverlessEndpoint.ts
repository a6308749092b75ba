// The arguments and wire types of `ServerlessEndpoint` live in its folder; this path stays for the code that imports it.
export * from "../resources/serverlessEndpoint/inputs";
