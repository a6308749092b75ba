// State holds the cluster's provider module as a require() of this path, so the class serves it from here.
export * from "./cluster/cluster.provider";
