import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** One Server-Sent Event of the default type: `id` is what `Last-Event-ID` hands back. */
export interface SseEvent {
  id: string;
  data: unknown;
}

/** The event as written on the wire, its data one JSON line. */
export function formatSseEvent({ id, data }: SseEvent): string {
  return `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Answers with an event stream that goes on sending events, unbuffered by caches and proxies on the way. */
export function sendEventStream(reply: FastifyReply, events: Readable): FastifyReply {
  // The headers go out at once rather than with the first event: a stream with no backlog may stay silent for long.
  reply.raw.once("pipe", () => reply.raw.flushHeaders());
  return reply
    .type("text/event-stream; charset=utf-8")
    .headers({ "cache-control": "no-cache", connection: "keep-alive", "x-accel-buffering": "no" })
    .send(events);
}
