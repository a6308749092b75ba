import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** One Server-Sent Event: `id` is what `Last-Event-ID` hands back; `event` omitted means the default "message". */
export interface SseEvent {
  id: string | number;
  event?: string;
  data: unknown;
}

/** The event as written on the wire, its data one JSON line. */
export function formatSseEvent({ id, event, data }: SseEvent): string {
  return `id: ${id}\n${event === undefined ? "" : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** Answers with an event stream: a finished backlog, or a stream that goes on sending events. */
export function sendEventStream(reply: FastifyReply, events: string | Readable): FastifyReply {
  return reply.type("text/event-stream; charset=utf-8").header("cache-control", "no-cache").header("x-accel-buffering", "no").send(events);
}
