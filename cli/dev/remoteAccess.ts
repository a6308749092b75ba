import { randomBytes, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

/** True for addresses only this machine can reach: `localhost`, 127.0.0.0/8 and ::1. */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, "$1");
  if (address === "localhost") return true;
  if (isIP(address) === 4) return address.startsWith("127.");
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}

/** A fresh bearer token for callers of a gateway bound to a non-loopback address. */
export function newAccessToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Whether an `Authorization` header carries `token` as its bearer token; compared in constant time. */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(authorization ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
