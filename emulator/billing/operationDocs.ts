import { queryParameters, type Schema } from "../http/openapiBuilders";
import { MAX_BUCKETS, windowQuery } from "./requests";

export const windowParameters: Schema[] = queryParameters(windowQuery, {
  startTime: { description: "Start of the window, snapped down to its bucket; default 30 days ago" },
  endTime: { description: "End of the window (exclusive), snapped up to its bucket; default now" },
  bucketSize: { description: "Length of each bucket (UTC; weeks start on Monday)" },
  lastN: { description: "The last N buckets, the current one included; excludes startTime and endTime" },
});

export const windowErrors = {
  400: `Invalid query, lastN with startTime or endTime, a window that ends before it starts, or over ${MAX_BUCKETS} buckets`,
};
