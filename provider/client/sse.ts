import { Readable } from "node:stream";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { ConnectionError } from "./errors";
import type { ApiCall, Transport } from "./transport";

/** One server-sent event: its id and its raw data. */
export interface ServerSentEvent {
  id: string | undefined;
  data: string;
}

/** Sends a GET whose answer is a stream of server-sent events, and yields them as they arrive. */
export async function* serverSentEvents(transport: Transport, call: ApiCall<never>): AsyncGenerator<ServerSentEvent> {
  const response = await transport.stream({ ...call, headers: { accept: "text/event-stream", ...call.headers } });
  const events = (Readable.toWeb(response.body) as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  try {
    for await (const event of events) yield { id: event.id, data: event.data };
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    throw new ConnectionError({ method: call.method, path: call.path }, error);
  }
}
