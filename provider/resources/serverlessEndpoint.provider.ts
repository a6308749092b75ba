// State holds the endpoint's provider module as a require() of this path, so the class serves it from here.
export * from "./serverlessEndpoint/serverlessEndpoint.provider";
