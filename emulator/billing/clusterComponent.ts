/** What a cluster's bill is made of, for the clusters the account ran and the seeded one alike. */
export type ClusterComponent = "gpuAmount" | "diskAmount" | "networkingAmount";
