// State holds the pod's provider module as a require() of this path, so the class serves it from here.
export * from "./pod/pod.provider";
