// State written by earlier releases requires the template's provider module at this path.
export * from "./template/template.provider";
