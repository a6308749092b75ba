// The arguments and wire types of `Pod` live in its folder; this path stays for the code that imports it.
export * from "../resources/pod/inputs";
