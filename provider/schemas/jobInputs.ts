export * from "../resources/job/inputs";
export * from "../resources/textToVideoJob/inputs";
