// One keep-alive connection to the upstream, driving Node's native HTTP parser itself and taking the
// body out of the bytes the parser accepted (the chunk walker). pool.ts keeps these connections.
import type { Socket } from "node:net";
import { loadNativeParser, type NativeParser } from "./native-parser.js";
import {
  codedError,
  EMPTY,
  FRAMING_MISMATCH,
  hangUp,
  lastBytes,
  type UpstreamExchange,
  type UpstreamLink,
  type UpstreamRequest,
} from "./upstream.js";

const NativeHTTPParser = loadNativeParser();
/** Whether this Node exposes the parser these connections run on (else the proxy uses node:http). */
export const nativeParserAvailable = NativeHTTPParser !== undefined;

/** What keeps the connection: told when it is free for another request, and when it closed. */
export interface ConnectionOwner {
  release(connection: UpstreamConnection): void;
  forget(connection: UpstreamConnection): void;
}

/** How a response body is delimited, as far as the proxy takes it apart. */
const enum Framing {
  /** no body (HEAD, 204, 304) */
  None,
  /** by the parser's body callback: a body delimited by the close, or after an interim response */
  Decode,
  Length,
  Chunked,
}
/** Where the chunk walker is in a chunked body. */
const enum Chunk {
  Size,
  Extension,
  SizeEnd,
  Data,
  DataEnd,
  DataEndLf,
  Trailer,
}
const CR = 13;
const SEMICOLON = 59;
const LF = 10;
const HEAD_END = Buffer.from("\r\n\r\n");

/** The framing a response head announces (the parser has refused contradictory ones). */
function framingOf(raw: readonly string[]): Framing {
  let framing = Framing.Decode;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 17 && name.toLowerCase() === "transfer-encoding") {
      // Only a plain "chunked" is walked; other codings are the parser's to delimit.
      if (raw[i + 1].trim().toLowerCase() !== "chunked" || framing === Framing.Chunked) return Framing.Decode;
      framing = Framing.Chunked;
    } else if (name.length === 14 && framing === Framing.Decode && name.toLowerCase() === "content-length") {
      framing = Framing.Length;
    }
  }
  return framing;
}

function contentLengthOf(raw: readonly string[]): string {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === "content-length") return raw[i + 1];
  return "0";
}

/**
 * One keep-alive connection to the upstream, with its own parser. Node's ClientRequest and
 * IncomingMessage (header objects, streams, events per body chunk, the agent's per-request
 * bookkeeping) were most of the hub's JavaScript per proxied stream: here the request goes out as
 * one write of bytes built from a template and each socket read of the response is handed to the
 * native parser, whose callbacks go straight to the exchange.
 *
 * The parser checks every byte (strictly: CRLF line ends, valid chunk sizes and framing) but is not
 * asked for the body: its body callback copies each piece into a new Buffer and calls into
 * JavaScript, once per chunk of the upstream's chunked encoding (one per SSE event), and that was a
 * fifth of the hub's instructions per proxied stream. Instead, after the parser has accepted a read,
 * `walk` takes the body out of the same bytes: for a length-delimited body a slice, for a chunked one
 * the chunks' data copied into one Buffer past each chunk's size line. The walker and the parser must
 * agree on where the body ends (checked after every read; any disagreement closes the connection
 * and fails the exchange), and bytes after the end make the connection unusable. Bodies delimited by
 * the connection's close, and a response after an informational (1xx) one, take the parser's
 * callback instead.
 */
export class UpstreamConnection implements UpstreamLink {
  exchange: UpstreamExchange | undefined;
  /** the parser completed the current response (the connection may serve another) */
  private done = false;
  /** the current response's head was parsed */
  private headDone = false;
  /** bytes that cannot belong to the current exchange came (a second response): not reusable */
  private spoiled = false;
  private keepAlive = false;
  /** an informational (1xx) response is being skipped; `sawInterim` once one was, this exchange */
  private interim = false;
  private sawInterim = false;
  /** header fields Node's parser handed over early (past 32 of them, or trailers) */
  private headerParts: string[] = [];
  /** the last bytes (up to 3) of a head that spans reads, to find its end across the boundary */
  private headTail: Buffer = EMPTY;
  private framing = Framing.None;
  /** the walker found the end of the body */
  private bodyDone = false;
  /** Length: body bytes still to come; Chunked: data bytes left in the current chunk */
  private remaining = 0;
  private chunkState = Chunk.Size;
  /** Chunked, in the trailer section: bytes in the current line so far */
  private lineLength = 0;
  private lastError: Error | undefined;
  private readonly parser: NativeParser;
  private readonly kOnBody: number;
  private readonly decoded = (piece: Buffer) => {
    if (!this.done) this.exchange?.body(piece);
  };

  constructor(
    readonly socket: Socket,
    private readonly owner: ConnectionOwner,
    /** the Host header its requests carry */
    private readonly hostHeader: string,
  ) {
    const HTTPParser = NativeHTTPParser;
    if (HTTPParser === undefined) throw new Error(`Node ${process.version} does not expose its HTTP parser`);
    this.kOnBody = HTTPParser.kOnBody;
    const parser = (this.parser = new HTTPParser());
    parser.initialize(HTTPParser.RESPONSE, {}, 0, HTTPParser.kLenientNone);
    parser[HTTPParser.kOnHeaders] = (fields: string[]) => {
      for (const field of fields) this.headerParts.push(field);
    };
    parser[HTTPParser.kOnHeadersComplete] = (
      _major: number,
      _minor: number,
      headers: string[] | undefined,
      _method: unknown,
      _url: unknown,
      status: number,
      _message: unknown,
      upgrade: boolean,
      keepAlive: boolean,
    ): number => {
      const fields = headers ?? this.headerParts;
      this.headerParts = [];
      const exchange = this.exchange;
      if (exchange === undefined || this.headDone) {
        this.spoiled = true;
        return 1;
      }
      if (status < 200 && status !== 101 && !upgrade) {
        // 102/103 come before the real response (no body); Node's client skips them too.
        this.interim = this.sawInterim = true;
        return 1;
      }
      this.headDone = true;
      this.keepAlive = keepAlive && !upgrade;
      if (upgrade) this.spoiled = true;
      const noBody = exchange.headOnly || upgrade || status === 204 || status === 304;
      this.framing = noBody ? Framing.None : this.sawInterim ? Framing.Decode : framingOf(fields);
      this.parser[this.kOnBody] = this.framing === Framing.Decode ? this.decoded : undefined;
      if (this.framing === Framing.Length) this.remaining = Number(contentLengthOf(fields));
      this.bodyDone =
        this.framing === Framing.None || (this.framing === Framing.Length && this.remaining === 0);
      exchange.head(status, fields);
      return noBody ? 1 : 0;
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      // Trailers (fields after the body) are not forwarded.
      this.headerParts = [];
      if (this.interim) this.interim = false;
      else if (this.done || !this.headDone) this.spoiled = true;
      else this.done = true;
    };
    socket.on("data", (data: Buffer) => this.read(data));
    socket.on("end", () => this.ended());
    socket.on("error", (error: Error) => (this.lastError = error));
    socket.on("close", () => this.closed());
  }

  /** Sends a request as one write (latin1 head, as Node writes headers) and reports the response to `exchange`. */
  send(exchange: UpstreamExchange, request: UpstreamRequest, onSent?: () => void): void {
    this.exchange = exchange;
    this.done = this.headDone = this.keepAlive = this.sawInterim = false;
    this.headTail = EMPTY;
    this.chunkState = Chunk.Size;
    this.remaining = 0;
    const head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.hostHeader}\r\nconnection: keep-alive\r\n${request.headerLines}\r\n`;
    const body = request.body;
    if (body === undefined || body.length === 0) {
      this.socket.write(head, "latin1", onSent);
      return;
    }
    const bytes = Buffer.allocUnsafe(head.length + body.length);
    bytes.write(head, 0, "latin1");
    body.copy(bytes, head.length);
    this.socket.write(bytes, onSent);
  }

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  private read(data: Buffer): void {
    const exchange = this.exchange;
    if (exchange === undefined) {
      // Bytes on an idle connection: nothing can be expecting them.
      this.socket.destroy();
      return;
    }
    exchange.heard();
    const headBefore = this.headDone;
    const parsed = this.parser.execute(data);
    if (this.exchange !== exchange) return; // aborted from a callback
    if (typeof parsed !== "number") {
      // Malformed bytes after a complete response spoil only the connection.
      if (!this.done) {
        this.abort(parsed);
        return;
      }
      this.spoiled = true;
    }
    if (!this.headDone) {
      // The head goes on in the next read (or only interim responses came).
      this.headTail = lastBytes(this.headTail, data, 3);
      return;
    }
    if (this.framing !== Framing.Decode) {
      let at = 0;
      if (!headBefore) {
        at = this.bodyStart(data);
        this.headTail = EMPTY;
      }
      if (at !== -1 && !this.bodyDone) at = this.walk(exchange, data, at);
      if (at === -1 || this.bodyDone !== this.done) {
        this.abort(codedError(FRAMING_MISMATCH));
        return;
      }
      if (this.done && at < data.length) this.spoiled = true;
    }
    this.settle(exchange);
  }

  /** Where the body starts in the read that completed the head: past the head's first blank line. */
  private bodyStart(data: Buffer): number {
    const tail = this.headTail;
    if (tail.length > 0) {
      const across = Buffer.concat([tail, data.subarray(0, 3)]).indexOf(HEAD_END);
      if (across !== -1) return across + 4 - tail.length;
    }
    const at = data.indexOf(HEAD_END);
    return at === -1 ? -1 : at + 4;
  }

  /**
   * Takes the body out of `data` from `at` (bytes the parser has accepted), hands it to the exchange
   * as one piece, and returns the offset past the last body byte in `data`.
   */
  private walk(exchange: UpstreamExchange, data: Buffer, at: number): number {
    const end = data.length;
    if (this.framing === Framing.Length) {
      const take = Math.min(this.remaining, end - at);
      if (take > 0) exchange.body(at === 0 && take === end ? data : data.subarray(at, at + take));
      this.remaining -= take;
      if (this.remaining === 0) this.bodyDone = true;
      return at + take;
    }
    // Chunked: size line (hex, then extensions to be skipped), CRLF, data, CRLF; a 0 size ends the
    // chunks, then trailer lines up to a blank one. The parser has checked all of it already.
    let state = this.chunkState;
    let left = this.remaining;
    let first = -1;
    let firstEnd = -1;
    let out: Buffer | undefined;
    let outAt = 0;
    while (at < end) {
      if (state === Chunk.Data) {
        const take = Math.min(left, end - at);
        if (first === -1) {
          first = at;
          firstEnd = at + take;
        } else {
          if (out === undefined) {
            out = Buffer.allocUnsafe(end - first);
            outAt = data.copy(out, 0, first, firstEnd);
          }
          outAt += data.copy(out, outAt, at, at + take);
        }
        at += take;
        left -= take;
        if (left === 0) state = Chunk.DataEnd;
      } else if (state === Chunk.Size) {
        const c = data[at++];
        if (c === CR) state = Chunk.SizeEnd;
        else if (c === SEMICOLON) state = Chunk.Extension;
        else left = left * 16 + ((c & 0x40) !== 0 ? (c | 0x20) - 87 : c - 48);
      } else if (state === Chunk.Extension) {
        const cr = data.indexOf(CR, at);
        at = cr === -1 ? end : cr + 1;
        if (cr !== -1) state = Chunk.SizeEnd;
      } else if (state === Chunk.SizeEnd) {
        at++; // LF
        if (left === 0) {
          state = Chunk.Trailer;
          this.lineLength = 0;
        } else state = Chunk.Data;
      } else if (state === Chunk.DataEnd) {
        at += 2; // CRLF, perhaps split across reads
        if (at > end) {
          at = end;
          state = Chunk.DataEndLf;
        } else state = Chunk.Size;
      } else if (state === Chunk.DataEndLf) {
        at++;
        state = Chunk.Size;
      } else {
        // Trailer section: ends at a line holding only CR.
        const c = data[at++];
        if (c !== LF) this.lineLength++;
        else if (this.lineLength === 1) {
          this.bodyDone = true;
          break;
        } else this.lineLength = 0;
      }
    }
    this.chunkState = state;
    this.remaining = left;
    if (first !== -1)
      exchange.body(out !== undefined ? out.subarray(0, outAt) : data.subarray(first, firstEnd));
    return at;
  }

  /** After a read: hands the exchange what arrived, and frees the connection if the response ended. */
  private settle(exchange: UpstreamExchange): void {
    const complete = this.done;
    if (complete) this.exchange = undefined;
    exchange.flush(complete);
    if (!complete) return;
    if (this.keepAlive && !this.spoiled && !this.socket.destroyed) this.owner.release(this);
    else this.socket.destroy();
  }

  private ended(): void {
    const exchange = this.exchange;
    if (exchange !== undefined && !this.done && this.framing === Framing.Decode) {
      // A body delimited by the end of the connection ends here; anything else was cut short.
      const finished = this.parser.finish();
      if (this.exchange === exchange && this.done && typeof finished !== "object") {
        this.keepAlive = false;
        this.settle(exchange);
      }
    }
    this.socket.destroy();
  }

  private closed(): void {
    this.owner.forget(this);
    const exchange = this.exchange;
    this.exchange = undefined;
    exchange?.fail(this.lastError ?? hangUp());
    this.parser.close();
  }

  /** Ends the exchange under way and closes the connection; `error` is reported to the exchange. */
  abort(error?: Error): void {
    const exchange = this.exchange;
    this.exchange = undefined;
    this.socket.destroy();
    if (error) exchange?.fail(error);
  }
}
