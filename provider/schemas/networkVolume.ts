export * from "../resources/networkVolume/inputs";
