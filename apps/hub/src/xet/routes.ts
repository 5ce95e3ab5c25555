// The Xet side of the hub API: the token routes huggingface_hub and hf_xet call
// (`/api/{type}s/{id}/xet-{read|write}-token/{rev}`), the headers that point `resolve` readers at a
// file's reconstruction, and the CAS service the tokens name, on the same server under /xet-cas:
// xorb and shard uploads, the chunk dedup query, reconstructions and signed xorb ranges.
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors.js";
import type { Principal } from "../repos/access.js";
import type { RepoType } from "../repos/model.js";
import type { RepoService } from "../repos/service.js";
import { HASH_HEX_RE } from "./hashing.js";
import { xetStoreOf, type XetFileRecord, type XetStore } from "./store.js";
import {
  checkXorbRange,
  issueXetToken,
  readXetToken,
  signXorbRange,
  XET_TOKEN_SECONDS,
  XORB_LINK_SECONDS,
  type XetGrant,
  type XetScope,
} from "./tokens.js";
import { MAX_XORB_BYTES, sizeOf, startOf } from "./xorb.js";

export const CAS_PREFIX = "/xet-cas";
/** Most bytes of an uploaded xorb: 64 MiB of chunks plus its metadata footer. */
const XORB_BODY_LIMIT = MAX_XORB_BYTES + 4 * 1024 * 1024;
const SHARD_BODY_LIMIT = 64 * 1024 * 1024;
const TYPE_SEGMENT: Record<RepoType, string> = { model: "models", dataset: "datasets" };

type Params = Record<string, string | undefined>;

export interface XetRoutes {
  /** Answers a token route: the caller's access is checked here (write needs write access). */
  token(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: XetScope,
    target: { type: RepoType; id: string; revision: string; principal: Principal | undefined },
  ): Promise<unknown>;
  /** For a file stored as Xet chunks, the headers that let Xet clients fetch its reconstruction. */
  fileHeaders(
    request: FastifyRequest,
    reply: FastifyReply,
    target: { type: RepoType; id: string; commit: string; sha256: string },
  ): Promise<void>;
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The whole request body, refused (413) past `limit` bytes. */
async function readBody(raw: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of raw) {
    size += (part as Buffer).length;
    if (size > limit)
      throw new HttpError(413, `The request body is over this route's limit of ${limit} bytes`);
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}

function parseRange(header: string | undefined): { start: number; end?: number } | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!match) throw new HttpError(400, `The Range header "${header.slice(0, 80)}" is not bytes=START-END`);
  return { start: Number(match[1]), end: match[2] === "" ? undefined : Number(match[2]) };
}

export function registerXetRoutes(app: FastifyInstance, service: RepoService, key: Buffer): XetRoutes {
  const store = xetStoreOf(service.blobs);

  /** A file is readable with a grant when the granted repo has it at the granted revision. */
  const checkInRepo = async (grant: XetGrant, record: XetFileRecord) => {
    const repo = await service.meta.getRepo(grant.type, grant.repo);
    const resolved = repo ? await service.resolve(repo, grant.revision).catch(() => undefined) : undefined;
    if (!resolved?.tree.some((entry) => entry.sha256 === record.sha256))
      throw new HttpError(404, `File ${record.fileHash} is not in ${grant.repo} at ${grant.revision}`);
  };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    scope.post(`${CAS_PREFIX}/v1/xorbs/:prefix/:hash`, { bodyLimit: XORB_BODY_LIMIT }, async (request) => {
      readXetToken(key, request.headers.authorization, "write");
      const { prefix, hash } = request.params as Params;
      if (prefix !== "default")
        throw new HttpError(400, `Xorbs are uploaded under the prefix "default", not "${prefix}"`);
      if (!HASH_HEX_RE.test(hash ?? ""))
        throw new HttpError(400, `"${hash?.slice(0, 80)}" is not a xorb hash`);
      const { inserted } = await store.putXorb(hash!, await readBody(request.raw, XORB_BODY_LIMIT));
      return { was_inserted: inserted };
    });

    scope.post(`${CAS_PREFIX}/v1/shards`, { bodyLimit: SHARD_BODY_LIMIT }, async (request) => {
      readXetToken(key, request.headers.authorization, "write");
      await store.putShard(await readBody(request.raw, SHARD_BODY_LIMIT));
      return { result: 1 };
    });

    // Newer clients try these first and fall back to the routes above on a 404.
    for (const path of ["/v2/reconstructions/:hash", "/v1/xorb-grants/:prefix/:hash", "/v2/shards"])
      scope.route({
        method: ["GET", "POST"],
        url: `${CAS_PREFIX}${path}`,
        handler: async () => {
          throw new HttpError(404, "Not served by this hub: use the v1 routes");
        },
      });
    scope.all(`${CAS_PREFIX}/*`, async (request) => {
      const where = request.url.split("?")[0].slice(0, 200);
      request.log.warn({ method: request.method, path: where }, "unknown Xet CAS call");
      throw new HttpError(404, `This hub's Xet service has no ${request.method} ${where}`);
    });
  });

  app.get(`${CAS_PREFIX}/v1/chunks/:prefix/:hash`, { compress: false }, async (request, reply) => {
    readXetToken(key, request.headers.authorization, "read");
    const { prefix, hash } = request.params as Params;
    if (prefix !== "default-merkledb" && prefix !== "default")
      throw new HttpError(400, `Chunks are looked up under the prefix "default-merkledb", not "${prefix}"`);
    const shard = await store.dedup(hash ?? "");
    if (!shard) throw new HttpError(404, `No stored xorb is offered for chunk ${hash}`);
    return reply.type("application/octet-stream").send(shard);
  });

  app.get(`${CAS_PREFIX}/v1/reconstructions/:hash`, async (request, reply) => {
    const grant = readXetToken(key, request.headers.authorization, "read");
    const { hash } = request.params as Params;
    if (!HASH_HEX_RE.test(hash ?? "")) throw new HttpError(400, `"${hash?.slice(0, 80)}" is not a file hash`);
    const record = await store.fileByHash(hash!);
    if (!record) throw new HttpError(404, `File ${hash} is not stored here`);
    await checkInRepo(grant, record);
    const range = parseRange(request.headers.range);
    const start = range?.start ?? 0;
    if (range && start >= record.size)
      return reply.code(416).send({ error: `Range start ${start} is past the file's ${record.size} bytes` });
    const end = Math.min(range?.end ?? record.size - 1, record.size - 1);
    reply.header("cache-control", "private, no-store");
    return reconstruction(store, record, start, end, (xorb, from, to) => {
      const exp = Math.floor(Date.now() / 1000) + XORB_LINK_SECONDS;
      const sig = signXorbRange(key, xorb, from, to, exp);
      return `${origin(request)}${CAS_PREFIX}/xorb/${xorb}?r=${from}-${to}&x=${exp}&sig=${sig}`;
    });
  });

  app.get(`${CAS_PREFIX}/xorb/:hash`, { compress: false }, async (request, reply) => {
    const { hash } = request.params as Params;
    const query = request.query as Record<string, string | undefined>;
    const signed = /^(\d+)-(\d+)$/.exec(query.r ?? "");
    if (!HASH_HEX_RE.test(hash ?? "") || !signed)
      throw new HttpError(403, "This xorb link is not valid: ask the reconstruction API for a new one");
    const [from, to] = [Number(signed[1]), Number(signed[2])];
    checkXorbRange(key, hash!, from, to, Number(query.x), String(query.sig ?? ""));
    // The link grants its range only: a reader fetches what its reconstruction named.
    const asked = parseRange(request.headers.range) ?? { start: from, end: to };
    const askedEnd = asked.end ?? to;
    if (asked.start < from || askedEnd > to || asked.start > askedEnd)
      throw new HttpError(403, `This link grants bytes ${from}-${to} of xorb ${hash} only`);
    const chunks = await store.xorbChunks(hash!);
    if (!chunks) throw new HttpError(404, `Xorb ${hash} is not stored here`);
    const total = chunks[chunks.length - 1].byteEnd;
    return reply
      .code(206)
      .type("application/octet-stream")
      .header("content-range", `bytes ${asked.start}-${askedEnd}/${total}`)
      .header("content-length", String(askedEnd - asked.start + 1))
      .header("cache-control", `private, max-age=${XORB_LINK_SECONDS}, immutable`)
      .send(createReadStream(store.xorbPath(hash!), { start: asked.start, end: askedEnd }));
  });

  return {
    async token(request, reply, scope, { type, id, revision, principal }) {
      const repo =
        scope === "write"
          ? await service.writable(principal, type, id, "upload to this repo")
          : await service.readable(principal, type, id);
      if (scope === "read") await service.resolve(repo, revision);
      const exp = Math.floor(Date.now() / 1000) + XET_TOKEN_SECONDS;
      const accessToken = issueXetToken(key, { type, repo: repo.id, revision, scope, exp });
      const casUrl = `${origin(request)}${CAS_PREFIX}`;
      reply
        .header("cache-control", "no-store")
        .header("x-xet-cas-url", casUrl)
        .header("x-xet-access-token", accessToken)
        .header("x-xet-token-expiration", String(exp));
      return { casUrl, accessToken, exp };
    },
    async fileHeaders(request, reply, { type, id, commit, sha256 }) {
      const record = await store.fileForHeaders(sha256);
      if (!record) return;
      reply
        .header("x-xet-hash", record.fileHash)
        .header(
          "link",
          `<${origin(request)}/api/${TYPE_SEGMENT[type]}/${id}/xet-read-token/${commit}>; rel="xet-auth"`,
        );
    },
  };
}

/** The reconstruction API's answer for bytes [start, end] of a file (terms cut to the range). */
async function reconstruction(
  store: XetStore,
  record: XetFileRecord,
  start: number,
  end: number,
  link: (xorb: string, from: number, to: number) => string,
) {
  const terms = [];
  const fetchInfo: Record<string, unknown[]> = {};
  let offsetIntoFirstRange = 0;
  let termStart = 0;
  for (const term of record.terms) {
    const termEnd = termStart + term.bytes;
    if (termEnd <= start || termStart > end) {
      termStart = termEnd;
      continue;
    }
    const chunks = (await store.xorbChunks(term.xorb))!;
    const unpackedStart = (i: number) => chunks[i].unpackedEnd - sizeOf(chunks, i);
    const base = unpackedStart(term.start);
    let first = term.start;
    while (first + 1 < term.end && chunks[first].unpackedEnd - base <= start - termStart) first++;
    let last = term.end - 1;
    while (last > first && unpackedStart(last) - base > end - termStart) last--;
    if (terms.length === 0) offsetIntoFirstRange = start - (termStart + unpackedStart(first) - base);
    const range = { start: first, end: last + 1 };
    terms.push({ hash: term.xorb, unpacked_length: chunks[last].unpackedEnd - unpackedStart(first), range });
    const from = startOf(chunks, first);
    const to = chunks[last].byteEnd - 1;
    (fetchInfo[term.xorb] ??= []).push({
      range,
      url: link(term.xorb, from, to),
      url_range: { start: from, end: to },
    });
    termStart = termEnd;
  }
  return { offset_into_first_range: Math.max(0, offsetIntoFirstRange), terms, fetch_info: fetchInfo };
}
