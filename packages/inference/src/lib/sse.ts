/**
 * A server-sent events parser (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 * It works on decoded text with indexOf: line ends are found by searching, never byte by byte.
 * CR and CRLF are turned into LF as the text arrives (only if it holds a CR), so one search finds
 * each line. Chunk boundaries may fall anywhere, including between the CR and LF of a CRLF.
 */

export interface ServerSentEvent {
  data: string;
  event: string;
  id: string;
  retry?: number;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const COLON = 58;

/**
 * The data of each event, pull style: what a model stream needs, and all the client bundles.
 * `SseParser` below adds the other fields and whole events (tests, tools, recorded streams).
 */
export class SseDataParser {
  /** Text fed and not scanned yet starts at `pos`; its line ends are all LF. */
  private buffer = "";
  private pos = 0;
  /** Undefined until a data line arrives: an event without data is not dispatched. */
  protected data: string | undefined = undefined;
  /** The previous text ended on CR: an LF starting the next one belongs to it. */
  private pendingCR = false;

  /** Pull style: `feed` the text, then call `nextData` until it returns undefined. */
  feed(text: string): void {
    if (text.length === 0) return;
    if (this.pendingCR && text.charCodeAt(0) === LF) text = text.slice(1);
    this.pendingCR = text.charCodeAt(text.length - 1) === CR;
    if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
    this.buffer = this.pos < this.buffer.length ? this.buffer.slice(this.pos) + text : text;
    this.pos = 0;
  }

  /** The data of the next event completed by the text fed so far, or undefined. */
  nextData(): string | undefined {
    if (!this.scan()) return undefined;
    const data = this.data;
    this.reset();
    return data;
  }

  /**
   * Ends the stream. An event not terminated by a blank line is discarded, as WHATWG says ("if the
   * file ends in the middle of an event, before the final empty line, the incomplete event is not
   * dispatched") and the reference client does: a cut stream must not yield a half-received event.
   */
  end(): void {
    this.buffer = "";
    this.pos = 0;
    this.reset();
    this.pendingCR = false;
  }

  /** Reads lines until one completes an event (true: it is in the fields) or the text runs out. */
  protected scan(): boolean {
    const buf = this.buffer;
    let pos = this.pos;
    let lf: number;
    while ((lf = buf.indexOf("\n", pos)) !== -1) {
      const start = pos;
      pos = lf + 1;
      if (start !== lf) {
        this.line(buf, start, lf);
      } else if (this.data !== undefined) {
        this.pos = pos;
        return true;
      } else {
        this.reset();
      }
    }
    this.pos = pos;
    return false;
  }

  protected reset(): void {
    this.data = undefined;
  }

  private line(buf: string, start: number, end: number): void {
    // A data line is "data" then a colon or the line's end; SseParser reads the other lines.
    const colon = start + 4;
    if (buf.startsWith("data", start) && (colon === end || buf.charCodeAt(colon) === COLON)) {
      const value = buf.slice(valueStart(buf, colon, end), end);
      this.data = this.data === undefined ? value : this.data + "\n" + value;
    } else {
      this.field(buf, start, end);
    }
  }

  /** A line other than data (a comment, another field): nothing to do for the data alone. */
  protected field(_buf: string, _start: number, _end: number): void {}
}

/** Where a field's value starts after its colon: one leading space is removed (past `end`: empty). */
function valueStart(buf: string, colon: number, end: number): number {
  return colon + 1 < end && buf.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1;
}

/** Whole events: data, event, id and retry. */
export class SseParser extends SseDataParser {
  private event = "";
  private id = "";
  private retry: number | undefined = undefined;

  /** Feeds decoded text; returns the events completed by it (appended to `out` if given). */
  push(text: string, out: ServerSentEvent[] = []): ServerSentEvent[] {
    this.feed(text);
    while (this.scan()) {
      const event: ServerSentEvent = { data: this.data!, event: this.event, id: this.id };
      if (this.retry !== undefined) event.retry = this.retry;
      out.push(event);
      this.reset();
    }
    return out;
  }

  /** Ends the stream (see SseDataParser.end); returns `out`, with no event added. */
  override end(out: ServerSentEvent[] = []): ServerSentEvent[] {
    super.end();
    return out;
  }

  protected override reset(): void {
    this.data = undefined;
    this.event = "";
    this.retry = undefined;
  }

  protected override field(buf: string, start: number, end: number): void {
    let colon = buf.indexOf(":", start);
    if (colon === start) return; // a comment
    if (colon === -1 || colon > end) colon = end;
    const value = buf.slice(valueStart(buf, colon, end), end);
    switch (buf.slice(start, colon)) {
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
}

/** Parses a whole event stream at once (tests, recorded streams). */
export function parseServerSentEvents(text: string): ServerSentEvent[] {
  const parser = new SseParser();
  return parser.end(parser.push(text));
}

const BOM = 0xfeff;

/** Index of the last CR or LF byte, -1 if none; CR is searched only after the last LF. */
function lastLineEnd(bytes: Uint8Array): number {
  const lf = bytes.lastIndexOf(LF);
  const cr = bytes.subarray(lf + 1).lastIndexOf(CR);
  return cr === -1 ? lf : lf + 1 + cr;
}

/**
 * Turns bytes into text a whole line at a time. Each chunk is decoded up to its last line
 * terminator and the rest waits for the next chunk: a terminator is one ASCII byte, so no UTF-8
 * sequence is ever split and every call can use the decoder without `{ stream: true }` (which, in
 * Node 20, turns the decoder's fast UTF-8 path off for good). The BOM is stripped once, at the start
 * of the stream, as the SSE spec says.
 */
export class SseLineDecoder {
  private readonly decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  private carry: Uint8Array | undefined = undefined;
  private started = false;

  /** Text up to and including the chunk's last line terminator ("" if it has none yet). */
  decode(chunk: Uint8Array): string {
    const carry = this.carry;
    let bytes = chunk;
    if (carry !== undefined) {
      bytes = new Uint8Array(carry.length + chunk.length);
      bytes.set(carry);
      bytes.set(chunk, carry.length);
    }
    const end = lastLineEnd(bytes) + 1;
    // Copied when kept: the caller's chunk may be reused once this returns.
    this.carry = end < bytes.length ? bytes.slice(end) : undefined;
    return end === 0 ? "" : this.text(bytes.subarray(0, end));
  }

  /** Whatever is left at the end of the stream (a last line without a terminator). */
  end(): string {
    const rest = this.carry;
    this.carry = undefined;
    return rest === undefined ? "" : this.text(rest);
  }

  private text(bytes: Uint8Array): string {
    const text = this.decoder.decode(bytes);
    if (this.started) return text;
    this.started = true;
    return text.charCodeAt(0) === BOM ? text.slice(1) : text;
  }
}

/**
 * Reads a byte stream of server-sent events, giving each batch of events completed by a chunk.
 * Written as a plain async iterator (not an async generator): one promise per batch, no generator
 * resumption. Stopping early (`break`, `return()`) cancels the body to free the connection.
 */
export function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncIterableIterator<ServerSentEvent[]> & { return(): Promise<IteratorResult<ServerSentEvent[]>> } {
  const reader = body.getReader();
  const lines = new SseLineDecoder();
  const parser = new SseParser();
  let state: "open" | "done" | "closed" = "open";
  const finished = (): IteratorResult<ServerSentEvent[]> => ({ done: true, value: undefined });
  const close = async () => {
    if (state === "closed") return;
    const cancel = state === "open";
    state = "closed";
    if (cancel) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  };
  return {
    async next() {
      while (state === "open") {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          await close();
          throw error;
        }
        if (chunk.done) {
          state = "done";
          const last = parser.end(parser.push(lines.end()));
          await close();
          if (last.length > 0) return { done: false, value: last };
          break;
        }
        const events = parser.push(lines.decode(chunk.value));
        if (events.length > 0) return { done: false, value: events };
      }
      return finished();
    },
    async return() {
      await close();
      return finished();
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
