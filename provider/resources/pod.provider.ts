// State written by earlier releases requires the pod's provider module at this path.
export * from "./pod/pod.provider";
