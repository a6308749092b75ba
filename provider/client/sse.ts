import { Readable } from "node:stream";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { ConnectionError } from "./errors";
import type { ApiCall, Transport } from "./transport";

/** One server-sent event: its id and its raw data. */
export interface ServerSentEvent {
  id: string | undefined;
  data: string;
}

/**
 * Sends a GET whose answer is a stream of server-sent events, and yields them as they arrive. When the connection
 * drops mid-stream, opens it again with `Last-Event-ID` set to the last event's id, as a browser's EventSource does:
 * no event is yielded twice, none is skipped. The new request goes through the transport's one retry loop; a stream
 * that drops twice in a row without an event fails with the {@link ConnectionError}. `onStream` hears when the
 * stream is answered (true) and when it dropped and is being opened again (false).
 */
export async function* resumingServerSentEvents(
  transport: Transport,
  call: ApiCall<never>,
  onStream?: (open: boolean) => void,
): AsyncGenerator<ServerSentEvent> {
  let lastEventId = call.headers?.["last-event-id"];
  let droppedEmpty = false;
  for (;;) {
    const headers = { ...call.headers, ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) };
    const events = await openEvents(transport, { ...call, headers });
    onStream?.(true);
    let received = false;
    try {
      for await (const event of readEvents(events, call)) {
        received = true;
        // As in EventSource, an event without an id leaves the last id as it was.
        if (event.id !== undefined) lastEventId = event.id;
        yield event;
      }
      return;
    } catch (error) {
      if (!(error instanceof ConnectionError) || (droppedEmpty && !received)) throw error;
      droppedEmpty = !received;
      onStream?.(false);
    }
  }
}

async function openEvents(transport: Transport, call: ApiCall<never>): Promise<ReadableStream<{ id?: string; data: string }>> {
  const response = await transport.stream({ ...call, headers: { accept: "text/event-stream", ...call.headers } });
  return (Readable.toWeb(response.body) as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
}

async function* readEvents(events: ReadableStream<{ id?: string; data: string }>, call: ApiCall<never>): AsyncGenerator<ServerSentEvent> {
  try {
    for await (const event of events) yield { id: event.id, data: event.data };
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    throw new ConnectionError({ method: call.method, path: call.path }, error);
  }
}
