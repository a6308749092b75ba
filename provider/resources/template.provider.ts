// State holds the template's provider module as a require() of this path, so the class serves it from here.
export * from "./template/template.provider";
