import { randomBytes, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { UserError } from "../../provider/errors";

/** True for addresses only this machine can reach: `localhost`, 127.0.0.0/8 and ::1. */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, "$1");
  if (address === "localhost") return true;
  if (isIP(address) === 4) return address.startsWith("127.");
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}

/** The environment variable that may fix the bearer token, so that clients keep it across restarts. */
export const TOKEN_VARIABLE = "COMPUTEPLATFORM_DEV_TOKEN";

/** The fewest characters a token of the user's may have: guessing it must be out of reach. */
const MIN_TOKEN_LENGTH = 24;

/** A fresh bearer token for callers: 192 random bits. */
export function newAccessToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * The bearer token the user chose in {@link TOKEN_VARIABLE}, or undefined when it is not set; throws naming the
 * variable when it is too short to keep guessers out or would not fit in an `Authorization` header.
 *
 * @param value the variable's value, as the user's shell set it.
 */
export function givenAccessToken(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (value.length < MIN_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new UserError(
      `${TOKEN_VARIABLE} must be ${MIN_TOKEN_LENGTH} or more printable characters without spaces, for example from \`openssl rand -base64 24\`; leave it unset for a new token at each start`,
    );
  }
  return value;
}

/** Whether an `Authorization` header carries `token` as its bearer token; compared in constant time. */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(authorization ?? "");
  return match !== null && sameToken(match[1]!, token);
}

/**
 * The cookie that carries the token for the explorer page, which a browser cannot make send an `Authorization`
 * header: one per port, since cookies are shared by every port of a host.
 */
export function tokenCookieName(port: number): string {
  return `computeplatform-dev-${port}`;
}

/**
 * The `Set-Cookie` value that hands `token` to a browser: unreadable by scripts (HttpOnly), and sent only by pages
 * of the gateway's own site (SameSite=Strict), for this browser session only.
 */
export function tokenCookie(port: number, token: string): string {
  return `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/** Whether a `Cookie` header carries `token` in the cookie of the gateway on `port`; compared in constant time. */
export function carriesTokenCookie(cookie: string | undefined, port: number, token: string): boolean {
  const name = `${tokenCookieName(port)}=`;
  const value = (cookie ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(name))
    ?.slice(name.length);
  return value !== undefined && sameToken(value, token);
}

/** Whether `given` is `token`, compared in constant time. */
export function sameToken(given: string, token: string): boolean {
  const givenBytes = Buffer.from(given);
  const expected = Buffer.from(token);
  return givenBytes.length === expected.length && timingSafeEqual(givenBytes, expected);
}
