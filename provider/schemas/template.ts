// The arguments and wire types of `Template` live in its folder; this path stays for the code that imports it.
export * from "../resources/template/inputs";
