import * as os from "node:os";
import { isIP } from "node:net";
import { isExplorerPath } from "./ownRoutes";

/** The names a loopback gateway answers to, whatever loopback address it is bound to. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARD_ADDRESSES = new Set(["0.0.0.0", "::", "0:0:0:0:0:0:0:0"]);

/** Where the gateway listens, and the names it may be reached by besides its own addresses. */
export interface Binding {
  /** The `--host` it was bound to. */
  host: string;
  /** The port it listens on: the one it actually bound, not the one asked for. */
  port: number;
  /** `--allow-host` values: `NAME` (with `port`) or `NAME:PORT`. Only off loopback. */
  allowHosts: readonly string[];
}

/**
 * The `Host` header values the gateway answers, lower-cased. Always `localhost`, `127.0.0.1` and `[::1]` and the bound
 * address, with the port; bound to a wildcard address (`0.0.0.0`, `::`), also this machine's interface addresses and
 * host name; and the `--allow-host` names. A name on port 80 is also accepted without its port, as browsers send it.
 */
export function acceptedHosts(binding: Binding): Set<string> {
  const accepted = new Set<string>();
  for (const name of ownNames(binding)) {
    accepted.add(`${name}:${binding.port}`.toLowerCase());
    if (binding.port === 80) accepted.add(name.toLowerCase());
  }
  for (const allowed of binding.allowHosts) accepted.add((/:\d+$/.test(allowed) ? allowed : `${allowed}:${binding.port}`).toLowerCase());
  return accepted;
}

/** The loopback names, the bound address, and on a wildcard address this machine's addresses and host name. */
function ownNames({ host }: Binding): string[] {
  const names = [...new Set([...LOOPBACK_NAMES, bracketed(host)])];
  if (!isWildcard(host)) return names;
  const addresses = Object.values(os.networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
  return [...names, ...addresses.map(bracketed), os.hostname()];
}

/** The headers a browser sets that tell who is calling. */
export interface CallerHeaders {
  host?: string;
  origin?: string;
  "sec-fetch-site"?: string;
}

/**
 * Why a request does not come from this gateway's user, or undefined when it does. Refused: a `Host` the gateway does
 * not answer to (a page of another site reaching it through DNS rebinding), an `Origin` other than the gateway's own,
 * and what a browser marks as sent by another site (`Sec-Fetch-Site`: a form, an image or a script of another page,
 * which need not send `Origin`), except opening the read-only explorer (`GET /docs` and its files) from a link. A request
 * without these headers, as curl and SDKs send it, is the user's.
 */
export function foreignCaller(headers: CallerHeaders, request: { method: string; path: string }, binding: Binding): string | undefined {
  const accepted = acceptedHosts(binding);
  const host = headers.host?.toLowerCase();
  if (host === undefined || !accepted.has(host)) {
    // A wildcard address answers to every address of the machine: they are not listed to whoever asks.
    const own = isWildcard(binding.host)
      ? `this machine's addresses and host name with port ${binding.port}`
      : ownNames(binding)
          .map((name) => `${name}:${binding.port}`)
          .join(", ");
    const allowed = binding.allowHosts.length > 0 ? `, and ${binding.allowHosts.join(", ")}` : "";
    return `${host === undefined ? "a request without a Host header" : `Host "${headers.host}"`} is not this gateway's: it answers only ${own}${allowed} (a page of another site can reach it through DNS rebinding)`;
  }
  const origin = headers.origin?.toLowerCase();
  if (origin !== undefined && !(origin.startsWith("http://") && accepted.has(origin.slice("http://".length)))) {
    return `Origin "${headers.origin}" is not this gateway's own: pages of other sites may not call it (scripts and SDKs send no Origin)`;
  }
  const site = headers["sec-fetch-site"]?.toLowerCase();
  const explorer = request.method === "GET" && isExplorerPath(request.path);
  if (site !== undefined && site !== "same-origin" && site !== "none" && !explorer) {
    return `Sec-Fetch-Site "${headers["sec-fetch-site"]}": the browser says another site sent this request, and pages of other sites may not call this gateway`;
  }
  return undefined;
}

/** Whether `host` is an address that listens on every interface of the machine. */
function isWildcard(host: string): boolean {
  return WILDCARD_ADDRESSES.has(host.replace(/^\[(.*)\]$/, "$1"));
}

/** `address` as it appears in a Host header: an IPv6 address in brackets. */
function bracketed(address: string): string {
  return isIP(address) === 6 ? `[${address}]` : address;
}
