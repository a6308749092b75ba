// State written by earlier releases requires the cluster's provider module at this path.
export * from "./cluster/cluster.provider";
