export * from "../resources/accountSshKeys/inputs";
