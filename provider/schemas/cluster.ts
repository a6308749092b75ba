// The arguments and wire types of `Cluster` live in its folder; this path stays for the code that imports it.
export * from "../resources/cluster/inputs";
