// Real media bytes for emulated outputs (PNG, WAV, an H.264 MP4) and sniffing of uploaded inputs.
// Everything is deterministic: the same seed always gives the same bytes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { taskDemoAssetPath } from "@hubkit/tasks";
import { mulberry32 } from "./text.js";

const require = createRequire(import.meta.url);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encodes raw pixels (`channels` = 1 grey, 3 RGB, 4 RGBA; 8 bits each) as a PNG file. */
export function encodePng(width: number, height: number, pixels: Uint8Array, channels: 1 | 3 | 4): Buffer {
  const colorType = channels === 1 ? 0 : channels === 3 ? 2 : 6;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  const stride = width * channels;
  // Each scanline is prefixed by its filter type (0 = none).
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    Buffer.from(pixels.buffer, pixels.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 6 })),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/** A deterministic picture: a two-colour gradient with a few soft discs, chosen by `seed`. */
export function renderImage(seed: number, width: number, height: number): Buffer {
  const rand = mulberry32(seed);
  const c1 = [rand() * 255, rand() * 255, rand() * 255];
  const c2 = [rand() * 255, rand() * 255, rand() * 255];
  const discs = Array.from({ length: 3 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.1 + rand() * 0.25) * Math.min(width, height),
    color: [rand() * 255, rand() * 255, rand() * 255],
  }));
  const px = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2;
      let r = c1[0] * (1 - t) + c2[0] * t;
      let g = c1[1] * (1 - t) + c2[1] * t;
      let b = c1[2] * (1 - t) + c2[2] * t;
      for (const d of discs) {
        const dist = Math.hypot(x - d.x, y - d.y);
        if (dist < d.r) {
          const a = 1 - dist / d.r;
          r = r * (1 - a) + d.color[0] * a;
          g = g * (1 - a) + d.color[1] * a;
          b = b * (1 - a) + d.color[2] * a;
        }
      }
      const i = (y * width + x) * 3;
      px[i] = r;
      px[i + 1] = g;
      px[i + 2] = b;
    }
  }
  return encodePng(width, height, px, 3);
}

/** A black/white segmentation mask (greyscale PNG) with one filled ellipse. */
export function renderMask(seed: number, width: number, height: number): Buffer {
  const rand = mulberry32(seed);
  const cx = (0.25 + rand() * 0.5) * width;
  const cy = (0.25 + rand() * 0.5) * height;
  const rx = (0.1 + rand() * 0.3) * width;
  const ry = (0.1 + rand() * 0.3) * height;
  const px = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      px[y * width + x] = v <= 1 ? 255 : 0;
    }
  }
  return encodePng(width, height, px, 1);
}

/** 16-bit mono PCM WAV of a few tones chosen by `seed`. */
export function renderWav(seed: number, seconds: number, sampleRate = 16000): Buffer {
  const rand = mulberry32(seed);
  const samples = Math.max(1, Math.round(seconds * sampleRate));
  const data = Buffer.alloc(samples * 2);
  const noteLength = Math.round(sampleRate * 0.25);
  let freq = 220;
  for (let i = 0; i < samples; i++) {
    if (i % noteLength === 0) freq = 220 * 2 ** (Math.floor(rand() * 24) / 12);
    const envelope = Math.min(1, (i % noteLength) / 200, (noteLength - (i % noteLength)) / 200);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * freq * i) / sampleRate) * 9000 * envelope), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The demo clip every video task returns: a real H.264 MP4 that browsers play (see loadVideoClip). */
const VIDEO_CLIP = "text-to-video-output.mp4";
let videoClip: Buffer | undefined;

/**
 * A short H.264 MP4 (baseline profile, 256×192, 3.6 s, no audio) that browsers decode, so emulated
 * video outputs play in a <video> element. It is @hubkit/tasks' text-to-video demo clip (made once
 * with ffmpeg from the demo GIF, see that package's assets/README.md); `seed` is accepted for
 * symmetry with the other renderers, and every video is that clip.
 */
export function renderMp4(_seed?: number): Buffer {
  videoClip ??= readFileSync(
    path.join(path.dirname(require.resolve("@hubkit/tasks/package.json")), taskDemoAssetPath(VIDEO_CLIP)),
  );
  return videoClip;
}

export type ImageKind = "png" | "jpeg" | "gif" | "webp" | "bmp";
export type AudioKind = "wav" | "flac" | "mp3" | "ogg" | "mp4" | "webm";

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return Buffer.from(
    bytes.buffer,
    bytes.byteOffset + start,
    Math.max(0, Math.min(length, bytes.length - start)),
  ).toString("latin1");
}

export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length < 8) return undefined;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === "PNG") return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 4) === "GIF8") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (ascii(bytes, 0, 2) === "BM") return "bmp";
  return undefined;
}

export function sniffAudio(bytes: Uint8Array): AudioKind | undefined {
  if (bytes.length < 4) return undefined;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return "wav";
  if (ascii(bytes, 0, 4) === "fLaC") return "flac";
  if (ascii(bytes, 0, 3) === "ID3" || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return "mp3";
  if (ascii(bytes, 0, 4) === "OggS") return "ogg";
  if (ascii(bytes, 4, 4) === "ftyp") return "mp4";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  return undefined;
}

/** Pixel size of an uploaded image (PNG, GIF, JPEG), or undefined when the header says nothing. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const kind = sniffImage(bytes);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (kind === "png" && bytes.length >= 24)
    return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
  if (kind === "gif" && bytes.length >= 10)
    return { width: view.readUInt16LE(6), height: view.readUInt16LE(8) };
  if (kind === "jpeg") {
    let i = 2;
    while (i + 9 < bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1];
      const length = view.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.readUInt16BE(i + 5), width: view.readUInt16BE(i + 7) };
      }
      i += 2 + length;
    }
  }
  return undefined;
}

/** Decodes `data:<type>;base64,<payload>` URLs; undefined for anything else. */
export function decodeDataUrl(url: string): { contentType: string; bytes: Buffer } | undefined {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!match) return undefined;
  const bytes = match[2]
    ? Buffer.from(match[3], "base64")
    : Buffer.from(decodeURIComponent(match[3]), "utf8");
  return { contentType: match[1] || "text/plain", bytes };
}

export const MEDIA_TYPES: Record<string, string> = {
  png: "image/png",
  wav: "audio/wav",
  mp4: "video/mp4",
};

/** Bytes for a downloadable file named `*.png|wav|mp4`, derived from its path. */
export function renderFile(extension: string, seed: number): Buffer | undefined {
  switch (extension) {
    case "png":
      return renderImage(seed, 512, 512);
    case "wav":
      return renderWav(seed, 2);
    case "mp4":
      return renderMp4(seed);
    default:
      return undefined;
  }
}
