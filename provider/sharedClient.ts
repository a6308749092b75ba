import { createHash } from "node:crypto";
import { ComputePlatformClient, RateLimiter } from "./client";
import { resolveSettings } from "./config";

// One client (and so one rate limiter and one pod poller) per API key and URLs in this process.
const clients = new Map<string, ComputePlatformClient>();

/** The process-wide client for the settings in force now. */
export function sharedClient(): ComputePlatformClient {
  const settings = resolveSettings();
  const key = createHash("sha256").update(`${settings.apiUrl}\n${settings.jobUrl}\n${settings.apiKey}`).digest("hex");
  let client = clients.get(key);
  if (!client) {
    client = new ComputePlatformClient({
      baseUrl: settings.apiUrl,
      jobUrl: settings.jobUrl,
      apiKey: settings.apiKey,
      limiter: new RateLimiter(),
    });
    clients.set(key, client);
  }
  return client;
}
