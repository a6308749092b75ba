import type { EmulatorKind } from "../kind";
import { jobs } from "./openapi";
import { JOB_OPERATIONS } from "./operations";

/** The job API of queue-based endpoints and of the hosted model: nothing of its own in the snapshot (jobs live on endpoints). */
export const jobKind: EmulatorKind = { operations: JOB_OPERATIONS, openapi: jobs };
