// State written by earlier releases requires the endpoint's provider module at this path.
export * from "./serverlessEndpoint/serverlessEndpoint.provider";
