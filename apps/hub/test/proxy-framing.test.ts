// The proxy takes response bodies out of the upstream's bytes itself (the parser checks them, but is
// not asked for the body): against a raw TCP upstream that writes a canned response in pieces, each
// its own socket read, whatever the split (inside a chunk size, its CRLF, an extension, the trailers,
// the head's blank line) the browser gets the body byte for byte and the connection is reused; bytes
// after the end, a malformed chunk, a body delimited by the close and an interim 103 are handled.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubInFrontOf, type TestHub } from "./support/hub.js";

let upstream: Server;
let hub: TestHub;
let connectionsOpened = 0;
/** What the upstream answers to the next request: pieces written one by one, apart in time. */
let script: { pieces: Buffer[]; close?: boolean } = { pieces: [] };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CHUNKED_HEAD =
  "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";
const EVENTS = ['data: {"n":1,"t":"é"}\n\n', "data: two\n\n", "data: 3\n\n"];
const size = (text: string) => Buffer.byteLength(text).toString(16);
// Sizes in upper and lower case and with leading zeros, an extension with a quoted value, trailers.
const CHUNKED_BODY =
  `${size(EVENTS[0]).toUpperCase()}\r\n${EVENTS[0]}\r\n` +
  `${size(EVENTS[1])};name=value;q="x y"\r\n${EVENTS[1]}\r\n` +
  `000${size(EVENTS[2])}\r\n${EVENTS[2]}\r\n` +
  "0\r\nx-trailer: secret\r\n\r\n";
const DECODED = EVENTS.join("");

/** Splits `bytes` at the given offsets. */
const split = (bytes: Buffer, ...at: number[]) =>
  [0, ...at, bytes.length].slice(1).map((end, i) => bytes.subarray([0, ...at][i], end));

async function proxied(): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${hub.url}/router/bench/x`, { method: "POST", body: "{}" });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  upstream = createServer((socket: Socket) => {
    connectionsOpened++;
    socket.setNoDelay(true);
    let pending = "";
    socket.on("data", async (data: Buffer) => {
      pending += data.toString("latin1");
      // One request at a time, with a small body (the proxy's own "{}").
      const end = pending.indexOf("\r\n\r\n");
      if (end === -1) return;
      const length = Number(/content-length: (\d+)/i.exec(pending.slice(0, end))?.[1] ?? 0);
      if (pending.length < end + 4 + length) return;
      pending = "";
      const { pieces, close } = script;
      for (const piece of pieces) {
        socket.write(piece);
        await wait(15);
      }
      if (close) socket.end();
    });
    socket.on("error", () => {});
  });
  hub = await startHubInFrontOf("proxy-framing", upstream, "hf_framingTestToken0000");
});

afterAll(() => hub?.close());

// Tests that count upstream connections go on from the pool the test before left: file order, even
// in a shuffled run.
describe("the proxy's body framing", { shuffle: false }, () => {
  it("takes a chunked body apart whatever the split between reads, and reuses the connection", async () => {
    const whole = Buffer.from(CHUNKED_HEAD + CHUNKED_BODY, "utf8");
    const before = connectionsOpened;
    // Every split in two near the head's end and through the body (a dozen in three pieces too).
    const cases: Buffer[][] = [[whole]];
    for (let at = CHUNKED_HEAD.length - 4; at < whole.length; at++) cases.push(split(whole, at));
    for (let at = CHUNKED_HEAD.length; at < whole.length - 2; at += 7) cases.push(split(whole, at, at + 2));
    for (const pieces of cases) {
      script = { pieces };
      const { status, body } = await proxied();
      expect(status).toBe(200);
      expect(body.toString("utf8")).toBe(DECODED);
    }
    expect(connectionsOpened - before).toBe(1);
  }, 60_000);

  it("relays a length-delimited body split across reads", async () => {
    const body = "x".repeat(5000);
    const whole = Buffer.from(
      `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 5000\r\n\r\n${body}`,
    );
    script = { pieces: split(whole, 30, 80, 2000) };
    const reply = await proxied();
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toBe(body);
  });

  it("relays a body delimited by the close of the connection", async () => {
    script = {
      pieces: [
        Buffer.from("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nfirst "),
        Buffer.from("second"),
      ],
      close: true,
    };
    const reply = await proxied();
    expect(reply.body.toString()).toBe("first second");
  });

  it("skips an interim 103 response", async () => {
    script = {
      pieces: [
        Buffer.from("HTTP/1.1 103 Early Hints\r\nlink: </x>\r\n\r\n" + CHUNKED_HEAD + CHUNKED_BODY, "utf8"),
      ],
    };
    const reply = await proxied();
    expect(reply.status).toBe(200);
    expect(reply.body.toString("utf8")).toBe(DECODED);
  });

  it("delivers the body but drops the connection when bytes follow the end of the response", async () => {
    const before = connectionsOpened;
    script = {
      pieces: [
        Buffer.from(CHUNKED_HEAD + CHUNKED_BODY + "HTTP/1.1 200 OK\r\ncontent-length: 3\r\n\r\nbad", "utf8"),
      ],
    };
    const first = await proxied();
    expect(first.body.toString("utf8")).toBe(DECODED);
    script = { pieces: [Buffer.from(CHUNKED_HEAD + CHUNKED_BODY, "utf8")] };
    const second = await proxied();
    expect(second.body.toString("utf8")).toBe(DECODED);
    expect(connectionsOpened - before).toBe(1);
  });

  it("ends an event stream with an error event when a chunk is malformed", async () => {
    script = { pieces: [Buffer.from(CHUNKED_HEAD + "5\r\ndata:\r\n"), Buffer.from("zz\r\nnope\r\n")] };
    const reply = await proxied();
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toMatch(/^data:\n\ndata: \{"error":"The inference upstream/);
  });
});
