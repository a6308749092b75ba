import { collection } from "../collection";

/** The account's pods, at `/v2/pods`, each as it is now (its status follows the clock). */
export const pods = collection({
  name: "pods",
  path: "/pods",
  noun: "Pod",
  what: "pod",
  schema: "Pod",
  idDescription: "Pod id",
  idOf: (record) => record.id,
  view: (record, context) => context.present(record),
});
