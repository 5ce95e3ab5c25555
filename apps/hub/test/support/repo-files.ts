// Builds weight and data files for repository tests, and commits them over the hub's HTTP API (the
// NDJSON commit route the clients use, with inline base64 files).
import { createHash } from "node:crypto";

/** A file's sha256 in hex, as the hub names stored contents. */
export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A safetensors file: the 8-byte little-endian header length, the JSON header, zeroed tensor data. */
export function safetensorsFile(tensors: Record<string, { dtype: string; shape: number[] }>): Buffer {
  const widths: Record<string, number> = { F16: 2, BF16: 2, F32: 4, I8: 1, U8: 1, F64: 8, I64: 8 };
  const header: Record<string, unknown> = { __metadata__: { format: "pt" } };
  let offset = 0;
  for (const [name, { dtype, shape }] of Object.entries(tensors)) {
    const bytes = shape.reduce((a, b) => a * b, 1) * (widths[dtype] ?? 1);
    header[name] = { dtype, shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  let json = Buffer.from(JSON.stringify(header));
  json = Buffer.concat([json, Buffer.alloc((8 - (json.length % 8)) % 8, 0x20)]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, Buffer.alloc(offset)]);
}

function ggufString(text: string): Buffer {
  const bytes = Buffer.from(text);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(bytes.length));
  return Buffer.concat([length, bytes]);
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
}

function u64(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(BigInt(value));
  return out;
}

/** A GGUF v3 file: architecture, context length, a token list, and tensors of the given dimensions. */
export function ggufFile(architecture: string, contextLength: number, tensors: number[][]): Buffer {
  const kv = [
    Buffer.concat([ggufString("general.architecture"), u32(8), ggufString(architecture)]),
    Buffer.concat([ggufString(`${architecture}.context_length`), u32(4), u32(contextLength)]),
    Buffer.concat([
      ggufString("tokenizer.ggml.tokens"),
      u32(9),
      u32(8),
      u64(3),
      ggufString("<s>"),
      ggufString("</s>"),
      ggufString("hello"),
    ]),
  ];
  const infos = tensors.map((dims, i) =>
    Buffer.concat([ggufString(`blk.${i}.weight`), u32(dims.length), ...dims.map(u64), u32(0), u64(0)]),
  );
  return Buffer.concat([
    Buffer.from("GGUF"),
    u32(3),
    u64(tensors.length),
    u64(kv.length),
    ...kv,
    ...infos,
    Buffer.alloc(64),
  ]);
}

export async function createRepo(
  hubUrl: string,
  token: string,
  name: string,
  options: { type?: "model" | "dataset"; private?: boolean } = {},
): Promise<void> {
  const response = await fetch(`${hubUrl}/api/repos/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name, type: options.type ?? "model", private: options.private ?? false }),
  });
  if (!response.ok) throw new Error(`create ${name}: ${response.status} ${await response.text()}`);
}

/** Commits files (path → bytes) to a branch; returns the commit id. */
export async function commitFiles(
  hubUrl: string,
  token: string,
  repo: string,
  files: Record<string, Buffer | string>,
  options: { type?: "model" | "dataset"; revision?: string; summary?: string } = {},
): Promise<string> {
  const lines = [
    JSON.stringify({ key: "header", value: { summary: options.summary ?? "Add files", description: "" } }),
    ...Object.entries(files).map(([path, content]) =>
      JSON.stringify({
        key: "file",
        value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
      }),
    ),
  ];
  const type = options.type === "dataset" ? "datasets" : "models";
  const revision = encodeURIComponent(options.revision ?? "main");
  const response = await fetch(`${hubUrl}/api/${type}/${repo}/commit/${revision}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
    body: lines.join("\n") + "\n",
  });
  const body = (await response.json()) as { commitOid?: string; error?: string };
  if (!response.ok || !body.commitOid) throw new Error(`commit to ${repo}: ${response.status} ${body.error}`);
  return body.commitOid;
}
