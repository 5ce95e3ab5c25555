/**
 * A server-sent events parser (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 * It works on decoded text with indexOf: line ends are found by searching, never byte by byte,
 * and the last known position of each terminator is remembered so a buffer is scanned once.
 * Chunk boundaries may fall anywhere, including between the CR and LF of a CRLF.
 */

export interface ServerSentEvent {
  data: string;
  event: string;
  id: string;
  retry?: number;
}

const LF = 10;
const SPACE = 32;

export class SseParser {
  private buffer = "";
  /** Undefined until a data line arrives: an event without data is not dispatched. */
  private data: string | undefined = undefined;
  private event = "";
  private id = "";
  private retry: number | undefined = undefined;
  /** The previous chunk ended on CR: an LF starting the next one belongs to it. */
  private pendingCR = false;

  /** Feeds decoded text; returns the events completed by it (appended to `out` if given). */
  push(text: string, out: ServerSentEvent[] = []): ServerSentEvent[] {
    if (text.length === 0) return out;
    const buf = this.buffer.length > 0 ? this.buffer + text : text;
    const length = buf.length;
    let pos = 0;
    if (this.pendingCR) {
      this.pendingCR = false;
      if (buf.charCodeAt(0) === LF) pos = 1;
    }
    let cr = buf.indexOf("\r", pos);
    let lf = buf.indexOf("\n", pos);
    while (cr !== -1 || lf !== -1) {
      let end: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        next = lf + 1;
      } else {
        end = cr;
        next = cr + 1;
        if (next === length) this.pendingCR = true;
        else if (buf.charCodeAt(next) === LF) next++;
      }
      this.line(buf, pos, end, out);
      pos = next;
      if (cr !== -1 && cr < pos) cr = buf.indexOf("\r", pos);
      if (lf !== -1 && lf < pos) lf = buf.indexOf("\n", pos);
    }
    this.buffer = pos < length ? buf.slice(pos) : "";
    return out;
  }

  /**
   * Ends the stream. An event not terminated by a blank line is discarded, as WHATWG says ("if the
   * file ends in the middle of an event, before the final empty line, the incomplete event is not
   * dispatched") and the reference client does: a cut stream must not yield a half-received event.
   */
  end(out: ServerSentEvent[] = []): ServerSentEvent[] {
    this.buffer = "";
    this.data = undefined;
    this.event = "";
    this.retry = undefined;
    this.pendingCR = false;
    return out;
  }

  private line(buf: string, start: number, end: number, out: ServerSentEvent[]): void {
    if (start === end) {
      this.dispatch(out);
      return;
    }
    // Nearly every line of a model stream is "data: …": check it first.
    if (buf.startsWith("data:", start)) {
      const from = buf.charCodeAt(start + 5) === SPACE && start + 5 < end ? start + 6 : start + 5;
      const value = buf.slice(from, end);
      this.data = this.data === undefined ? value : this.data + "\n" + value;
      return;
    }
    let colon = buf.indexOf(":", start);
    if (colon === start) return; // a comment
    if (colon === -1 || colon > end) colon = end;
    const field = buf.slice(start, colon);
    let from = colon + 1;
    if (from < end && buf.charCodeAt(from) === SPACE) from++;
    const value = from < end ? buf.slice(from, end) : "";
    switch (field) {
      case "data":
        this.data = this.data === undefined ? value : this.data + "\n" + value;
        break;
      case "event":
        this.event = value;
        break;
      case "id":
        if (!value.includes("\0")) this.id = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      // other fields are ignored, as the spec says
    }
  }

  private dispatch(out: ServerSentEvent[]): void {
    if (this.data !== undefined) {
      const event: ServerSentEvent = { data: this.data, event: this.event, id: this.id };
      if (this.retry !== undefined) event.retry = this.retry;
      out.push(event);
    }
    this.data = undefined;
    this.event = "";
    this.retry = undefined;
  }
}

/** Parses a whole event stream at once (tests, recorded streams). */
export function parseServerSentEvents(text: string): ServerSentEvent[] {
  const parser = new SseParser();
  return parser.end(parser.push(text));
}

/** Reads a byte stream of server-sent events, yielding each batch of events completed by a chunk. */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent[], void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        const last = parser.end(parser.push(decoder.decode()));
        if (last.length > 0) yield last;
        return;
      }
      const events = parser.push(decoder.decode(value, { stream: true }));
      if (events.length > 0) yield events;
    }
  } finally {
    // The consumer stopped early (or an error): free the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
