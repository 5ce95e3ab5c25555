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

/**
 * The data of each event, pull style: what a model stream needs, and all the client bundles.
 * `SseParser` below adds the other fields and whole events (tests, tools, recorded streams).
 */
export class SseDataParser {
  /** Text fed and not scanned yet starts at `pos`. */
  private buffer = "";
  private pos = 0;
  /** Next CR and LF at or after `pos` (-1: none in the buffer). */
  private cr = -1;
  private lf = -1;
  /** Undefined until a data line arrives: an event without data is not dispatched. */
  protected data: string | undefined = undefined;
  /** The previous chunk ended on CR: an LF starting the next one belongs to it. */
  private pendingCR = false;

  /**
   * Pull style, for readers that use only each event's data: `feed` the text, then call
   * `nextData` until it returns undefined. Nothing is collected in between, so every string dies
   * young (cheaper for the garbage collector than an array of a whole chunk's events).
   */
  feed(text: string): void {
    if (text.length === 0) return;
    const buf = this.pos < this.buffer.length ? this.buffer.slice(this.pos) + text : text;
    this.buffer = buf;
    this.pos = 0;
    if (this.pendingCR) {
      this.pendingCR = false;
      if (buf.charCodeAt(0) === LF) this.pos = 1;
    }
    this.cr = buf.indexOf("\r", this.pos);
    this.lf = buf.indexOf("\n", this.pos);
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
    this.cr = this.lf = -1;
    this.reset();
    this.pendingCR = false;
  }

  /** Reads lines until one completes an event (true: it is in the fields) or the text runs out. */
  protected scan(): boolean {
    const buf = this.buffer;
    const length = buf.length;
    let { pos, cr, lf } = this;
    let dispatched = false;
    while (!dispatched && (cr !== -1 || lf !== -1)) {
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
      if (pos !== end) this.line(buf, pos, end);
      else if (this.data !== undefined) dispatched = true;
      else this.reset();
      pos = next;
      if (cr !== -1 && cr < pos) cr = buf.indexOf("\r", pos);
      if (lf !== -1 && lf < pos) lf = buf.indexOf("\n", pos);
    }
    this.pos = pos;
    this.cr = cr;
    this.lf = lf;
    return dispatched;
  }

  protected reset(): void {
    this.data = undefined;
  }

  private line(buf: string, start: number, end: number): void {
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
    if (field === "data") this.data = this.data === undefined ? value : this.data + "\n" + value;
    else this.field(field, value);
  }

  /** A field other than data: not needed for the data alone. */
  protected field(_name: string, _value: string): void {}
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

  protected override field(name: string, value: string): void {
    switch (name) {
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

const CR = 13;
const BOM = 0xfeff;

/** Index of the last CR or LF byte, -1 if none; CR is searched only after the last LF. */
function lastLineEnd(bytes: Uint8Array): number {
  const lf = bytes.lastIndexOf(LF);
  const cr = bytes.subarray(lf + 1).lastIndexOf(CR);
  return cr === -1 ? lf : lf + 1 + cr;
}

/** Index of the first CR or LF byte, -1 if none; CR is searched only before the first LF. */
function firstLineEnd(bytes: Uint8Array): number {
  const lf = bytes.indexOf(LF);
  const cr = (lf === -1 ? bytes : bytes.subarray(0, lf)).indexOf(CR);
  return cr === -1 ? lf : cr;
}

/** `head` followed by the first `count` bytes of `tail`, in a new array. */
function concat(head: Uint8Array, tail: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(head.length + count);
  out.set(head);
  out.set(count === tail.length ? tail : tail.subarray(0, count), head.length);
  return out;
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
    const last = lastLineEnd(chunk);
    const carry = this.carry;
    if (last === -1) {
      this.carry = carry === undefined ? chunk.slice() : concat(carry, chunk, chunk.length);
      return "";
    }
    // Copied when kept: the caller's chunk may be reused once this returns.
    this.carry = last + 1 < chunk.length ? chunk.slice(last + 1) : undefined;
    if (carry === undefined) return this.text(chunk.subarray(0, last + 1));
    // Only the carried line is joined to its end (not the whole chunk copied after it).
    const first = firstLineEnd(chunk);
    const head = this.text(concat(carry, chunk, first + 1));
    return first === last ? head : head + this.text(chunk.subarray(first + 1, last + 1));
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
