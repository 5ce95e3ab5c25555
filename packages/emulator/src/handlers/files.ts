// Generated files handed out by providers (fal media, replicate delivery, BFL samples, image
// URLs). Nothing is stored: the bytes are a pure function of the path, so any URL the emulator
// hands out stays downloadable for as long as the emulator runs.
import type { Ctx, Env } from "../context.js";
import { fail } from "../errors.js";
import { renderImage, renderMp4, renderWav } from "../media.js";
import { bytes } from "../reply.js";
import type { Reply } from "../reply.js";
import { hashString, idFromSeed } from "../text.js";
import type { HostKey } from "../types.js";

const MAX_SIDE = 2048;

export interface FileSpec {
  kind: "png" | "wav" | "mp4";
  seed: number;
  width?: number;
  height?: number;
  seconds?: number;
}

/** URL of a generated file on a CDN host: `{cdn}/{dir}/{id}[-{w}x{h}|-{n}s].{ext}`. */
export function fileUrl(env: Env, cdn: HostKey, dir: string, spec: FileSpec): string {
  const id = idFromSeed(spec.seed, 16);
  let suffix = "";
  if (spec.kind === "png" && spec.width && spec.height) suffix = `-${spec.width}x${spec.height}`;
  if (spec.kind === "wav" && spec.seconds) suffix = `-${spec.seconds}s`;
  return `${env.urls[cdn]}/${dir}/${id}${suffix}.${spec.kind}`;
}

export function clampSide(v: unknown, fallback: number): number {
  const n = typeof v === "number" && Number.isFinite(v) ? Math.round(v) : fallback;
  return Math.min(MAX_SIDE, Math.max(16, n));
}

export function fileRoute(ctx: Ctx): Reply {
  if (ctx.req.method !== "GET" && ctx.req.method !== "HEAD") fail("hf", 405, "Files are read-only");
  const name = ctx.path.split("/").pop() ?? "";
  const m = /^[A-Za-z0-9_.-]+?(?:-(\d+)x(\d+)|-(\d+)s)?\.(png|wav|mp4)$/.exec(name);
  if (!m) fail("hf", 404, `No such file: ${ctx.path}`);
  const seed = hashString(ctx.path);
  const kind = m[4];
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Disposition": `inline; filename="${name}"`,
  };
  if (kind === "png") {
    const w = m[1] ? clampSide(Number(m[1]), 512) : 512;
    const h = m[2] ? clampSide(Number(m[2]), 512) : 512;
    return bytes(renderImage(seed, w, h), "image/png", headers);
  }
  if (kind === "wav") return bytes(renderWav(seed, Math.min(30, Number(m[3] ?? 2))), "audio/wav", headers);
  return bytes(renderMp4(seed), "video/mp4", headers);
}
