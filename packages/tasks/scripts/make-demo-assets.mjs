#!/usr/bin/env node
// Draws the demo files shown on the task pages (pictures, sounds, 3D models) and writes them to
// packages/tasks/assets/demo/. Everything is generated here from simple shapes and synthesised signals, so
// the package ships no third-party media. No dependencies: PNG via node:zlib, GIF with our own LZW encoder,
// WAV and FLAC (verbatim frames) by hand, glTF binary (.glb) by hand.
//
// Usage: node packages/tasks/scripts/make-demo-assets.mjs [outputDir]
import { deflateSync } from "node:zlib";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, "..", "assets", "demo"));
const MAX_BYTES = 60 * 1024;

// ---------------------------------------------------------------------------------------------------------
// Raster canvas

const hex = (s) => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];
const toHex = (rgb) => "#" + rgb.map((v) => v.toString(16).padStart(2, "0")).join("");
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

class Canvas {
  constructor(width, height, background = "#ffffff") {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8Array(width * height * 3);
    this.fill(() => hex(background));
  }
  set(x, y, rgb, alpha = 1) {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++)
      this.pixels[i + c] = Math.round(this.pixels[i + c] * (1 - alpha) + rgb[c] * alpha);
  }
  get(x, y) {
    const i = (y * this.width + x) * 3;
    return [this.pixels[i], this.pixels[i + 1], this.pixels[i + 2]];
  }
  fill(colorAt) {
    for (let y = 0; y < this.height; y++) for (let x = 0; x < this.width; x++) this.set(x, y, colorAt(x, y));
  }
  rect(x0, y0, x1, y1, color, alpha = 1) {
    const rgb = hex(color);
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(this.width, Math.round(x1)); x++)
        this.set(x, y, rgb, alpha);
  }
  strokeRect(x0, y0, x1, y1, color, width = 2) {
    this.rect(x0, y0, x1, y0 + width, color);
    this.rect(x0, y1 - width, x1, y1, color);
    this.rect(x0, y0, x0 + width, y1, color);
    this.rect(x1 - width, y0, x1, y1, color);
  }
  ellipse(cx, cy, rx, ry, color, alpha = 1) {
    const rgb = hex(color);
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++)
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (d <= 1) this.set(x, y, rgb, alpha);
      }
  }
  // Even-odd scanline fill of a closed polygon given as [[x, y], …].
  polygon(points, color, alpha = 1) {
    const rgb = hex(color);
    const ys = points.map((p) => p[1]);
    for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
      const xs = [];
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i];
        const [bx, by] = points[(i + 1) % points.length];
        if ((ay <= y + 0.5 && by > y + 0.5) || (by <= y + 0.5 && ay > y + 0.5))
          xs.push(ax + ((y + 0.5 - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((a, b) => a - b);
      for (let i = 0; i + 1 < xs.length; i += 2)
        for (let x = Math.round(xs[i]); x < Math.round(xs[i + 1]); x++) this.set(x, y, rgb, alpha);
    }
  }
  line(x0, y0, x1, y1, color, width = 1) {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    for (let s = 0; s <= steps; s++) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      if (width <= 1) this.set(x, y, hex(color));
      else this.ellipse(x, y, width / 2, width / 2, color);
    }
  }
  text(x, y, string, color, scale = 2) {
    const rgb = hex(color);
    let cx = x;
    for (const ch of string.toUpperCase()) {
      const glyph = FONT[ch] ?? FONT["?"];
      glyph.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++)
          if (row[gx] === "1")
            for (let sy = 0; sy < scale; sy++)
              for (let sx = 0; sx < scale; sx++) this.set(cx + gx * scale + sx, y + gy * scale + sy, rgb);
      });
      cx += 6 * scale;
    }
  }
  // A labelled detection box: outline plus a filled caption strip, like detection visualisers draw them.
  labelBox(x0, y0, x1, y1, color, label) {
    this.strokeRect(x0, y0, x1, y1, color, 3);
    const w = label.length * 12 + 6;
    const top = Math.max(0, y0 - 18);
    this.rect(x0, top, x0 + w, top + 18, color);
    this.text(x0 + 4, top + 2, label, "#ffffff", 2);
  }
  copy() {
    const c = new Canvas(this.width, this.height);
    c.pixels.set(this.pixels);
    return c;
  }
}

// 5×7 bitmap font for labels and the invoice.
const FONT = Object.fromEntries(
  Object.entries({
    A: "01110 10001 10001 11111 10001 10001 10001",
    B: "11110 10001 10001 11110 10001 10001 11110",
    C: "01110 10001 10000 10000 10000 10001 01110",
    D: "11110 10001 10001 10001 10001 10001 11110",
    E: "11111 10000 10000 11110 10000 10000 11111",
    F: "11111 10000 10000 11110 10000 10000 10000",
    G: "01110 10001 10000 10111 10001 10001 01111",
    H: "10001 10001 10001 11111 10001 10001 10001",
    I: "01110 00100 00100 00100 00100 00100 01110",
    J: "00111 00010 00010 00010 00010 10010 01100",
    K: "10001 10010 10100 11000 10100 10010 10001",
    L: "10000 10000 10000 10000 10000 10000 11111",
    M: "10001 11011 10101 10101 10001 10001 10001",
    N: "10001 10001 11001 10101 10011 10001 10001",
    O: "01110 10001 10001 10001 10001 10001 01110",
    P: "11110 10001 10001 11110 10000 10000 10000",
    Q: "01110 10001 10001 10001 10101 10010 01101",
    R: "11110 10001 10001 11110 10100 10010 10001",
    S: "01111 10000 10000 01110 00001 00001 11110",
    T: "11111 00100 00100 00100 00100 00100 00100",
    U: "10001 10001 10001 10001 10001 10001 01110",
    V: "10001 10001 10001 10001 10001 01010 00100",
    W: "10001 10001 10001 10101 10101 10101 01010",
    X: "10001 10001 01010 00100 01010 10001 10001",
    Y: "10001 10001 01010 00100 00100 00100 00100",
    Z: "11111 00001 00010 00100 01000 10000 11111",
    0: "01110 10001 10011 10101 11001 10001 01110",
    1: "00100 01100 00100 00100 00100 00100 01110",
    2: "01110 10001 00001 00010 00100 01000 11111",
    3: "11111 00010 00100 00010 00001 10001 01110",
    4: "00010 00110 01010 10010 11111 00010 00010",
    5: "11111 10000 11110 00001 00001 10001 01110",
    6: "00110 01000 10000 11110 10001 10001 01110",
    7: "11111 00001 00010 00100 01000 01000 01000",
    8: "01110 10001 10001 01110 10001 10001 01110",
    9: "01110 10001 10001 01111 00001 00010 01100",
    ":": "00000 01100 01100 00000 01100 01100 00000",
    ".": "00000 00000 00000 00000 00000 01100 01100",
    ",": "00000 00000 00000 00000 01100 00100 01000",
    "-": "00000 00000 00000 11111 00000 00000 00000",
    $: "00100 01111 10100 01110 00101 11110 00100",
    "/": "00001 00010 00010 00100 01000 01000 10000",
    "#": "01010 01010 11111 01010 11111 01010 01010",
    "?": "01110 10001 00001 00010 00100 00000 00100",
    " ": "00000 00000 00000 00000 00000 00000 00000",
  }).map(([ch, rows]) => [ch, rows.split(" ")]),
);

// ---------------------------------------------------------------------------------------------------------
// Encoders

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function png(canvas) {
  const { width, height, pixels } = canvas;
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  // Per row, keep whichever of the None/Sub/Up filters leaves the smallest residuals: gradients shrink a lot.
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    const candidates = [
      row,
      row.map((v, i) => (v - (i >= 3 ? row[i - 3] : 0)) & 0xff),
      row.map((v, i) => (v - prev[i]) & 0xff),
    ];
    const cost = (r) => r.reduce((s, v) => s + (v < 128 ? v : 256 - v), 0);
    let best = 0;
    for (let f = 1; f < candidates.length; f++) if (cost(candidates[f]) < cost(candidates[best])) best = f;
    raw[y * (stride + 1)] = best;
    raw.set(candidates[best], y * (stride + 1) + 1);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// Variable-width LZW as GIF wants it: codes packed LSB first, width grows up to 12 bits, clear when full.
function lzw(indices, minCodeSize = 8) {
  const clearCode = 1 << minCodeSize;
  const endCode = clearCode + 1;
  const bytes = [];
  let bitBuffer = 0;
  let bitCount = 0;
  let codeSize = minCodeSize + 1;
  const write = (code) => {
    bitBuffer |= code << bitCount;
    bitCount += codeSize;
    while (bitCount >= 8) {
      bytes.push(bitBuffer & 0xff);
      bitBuffer >>>= 8;
      bitCount -= 8;
    }
  };
  let dictionary = new Map();
  let next = endCode + 1;
  write(clearCode);
  let prefix = indices[0];
  for (let i = 1; i < indices.length; i++) {
    const key = (prefix << 8) | indices[i];
    const known = dictionary.get(key);
    if (known !== undefined) {
      prefix = known;
      continue;
    }
    write(prefix);
    if (next < 4096) {
      dictionary.set(key, next++);
      // The decoder adds each entry one code later than we do, hence ">" rather than ">=".
      if (next > 1 << codeSize && codeSize < 12) codeSize++;
    } else {
      write(clearCode);
      dictionary = new Map();
      next = endCode + 1;
      codeSize = minCodeSize + 1;
    }
    prefix = indices[i];
  }
  write(prefix);
  write(endCode);
  if (bitCount > 0) bytes.push(bitBuffer & 0xff);
  return Buffer.from(bytes);
}

function gif(frames, delayCentiseconds) {
  const { width, height } = frames[0];
  const palette = new Map();
  const indexed = frames.map((frame) => {
    const out = new Uint8Array(width * height);
    for (let p = 0; p < width * height; p++) {
      const key = (frame.pixels[p * 3] << 16) | (frame.pixels[p * 3 + 1] << 8) | frame.pixels[p * 3 + 2];
      if (!palette.has(key)) {
        if (palette.size === 256) throw new Error("GIF frames use more than 256 distinct colours");
        palette.set(key, palette.size);
      }
      out[p] = palette.get(key);
    }
    return out;
  });
  const colorTable = Buffer.alloc(256 * 3);
  for (const [key, i] of palette) colorTable.set([key >> 16, (key >> 8) & 0xff, key & 0xff], i * 3);
  const u16 = (v) => [v & 0xff, v >> 8];
  const parts = [
    Buffer.from("GIF89a", "ascii"),
    Buffer.from([...u16(width), ...u16(height), 0xf7, 0, 0]),
    colorTable,
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0", "ascii"), 0x03, 0x01, 0x00, 0x00, 0x00]),
  ];
  for (const pixels of indexed) {
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x04, ...u16(delayCentiseconds), 0x00, 0x00]));
    parts.push(Buffer.from([0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0x00, 0x08]));
    const data = lzw(pixels);
    for (let i = 0; i < data.length; i += 255) {
      const block = data.subarray(i, i + 255);
      parts.push(Buffer.from([block.length]), block);
    }
    parts.push(Buffer.from([0x00]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

const SAMPLE_RATE = 16000;
const toPcm16 = (samples) =>
  Int16Array.from(samples, (s) => Math.round(Math.max(-1, Math.min(1, s)) * 32767));

function wav(samples) {
  const pcm = toPcm16(samples);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + pcm.length * 2, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(pcm.length * 2, 40);
  const body = Buffer.alloc(pcm.length * 2);
  pcm.forEach((v, i) => body.writeInt16LE(v, i * 2));
  return Buffer.concat([header, body]);
}

// FLAC with uncompressed (verbatim) subframes: valid for every decoder, and no bigger than WAV.
function flac(samples) {
  const pcm = toPcm16(samples);
  const blockSize = 4096;
  const crc8 = (bytes) => {
    let c = 0;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
    }
    return c;
  };
  const crc16 = (bytes) => {
    let c = 0;
    for (const b of bytes) {
      c ^= b << 8;
      for (let k = 0; k < 8; k++) c = c & 0x8000 ? ((c << 1) ^ 0x8005) & 0xffff : (c << 1) & 0xffff;
    }
    return c;
  };
  const frames = [];
  let minFrame = Infinity;
  let maxFrame = 0;
  for (let start = 0, n = 0; start < pcm.length; start += blockSize, n++) {
    if (n > 127) throw new Error("FLAC writer only encodes frame numbers below 128");
    const block = pcm.subarray(start, start + blockSize);
    const header = [
      0xff,
      0xf8, // sync code, fixed block size
      0x70, // block size: 16-bit value at end of header; sample rate from STREAMINFO
      0x08, // mono, 16 bits per sample
      n, // frame number (UTF-8 coded, one byte below 128)
      (block.length - 1) >> 8,
      (block.length - 1) & 0xff,
    ];
    header.push(crc8(header));
    const body = Buffer.alloc(1 + block.length * 2);
    body[0] = 0x02; // verbatim subframe, no wasted bits
    block.forEach((v, i) => body.writeInt16BE(v, 1 + i * 2));
    const frame = Buffer.concat([Buffer.from(header), body]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(frame));
    const full = Buffer.concat([frame, crc]);
    minFrame = Math.min(minFrame, full.length);
    maxFrame = Math.max(maxFrame, full.length);
    frames.push(full);
  }
  const info = Buffer.alloc(34);
  info.writeUInt16BE(blockSize, 0);
  info.writeUInt16BE(blockSize, 2);
  info.writeUIntBE(minFrame, 4, 3);
  info.writeUIntBE(maxFrame, 7, 3);
  // 20 bits sample rate, 3 bits channels-1, 5 bits bits-per-sample-1, 36 bits total samples.
  const packed = (BigInt(SAMPLE_RATE) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(pcm.length);
  info.writeBigUInt64BE(packed, 10);
  // Bytes 18..33: MD5 of the audio, all zero meaning "not computed", which the format allows.
  const blockHeader = Buffer.from([0x80, 0, 0, 34]); // last metadata block, STREAMINFO, length 34
  return Buffer.concat([Buffer.from("fLaC", "ascii"), blockHeader, info, ...frames]);
}

// ---------------------------------------------------------------------------------------------------------
// glTF binary: a list of coloured boxes and prisms merged into one mesh per colour.

function glb(parts) {
  const byColor = new Map();
  for (const part of parts) {
    if (!byColor.has(part.color)) byColor.set(part.color, { positions: [], normals: [], indices: [] });
    const mesh = byColor.get(part.color);
    for (const face of part.faces) {
      // Flat-shaded convex polygon: fan triangulation, one normal per face.
      const [a, b, c] = face;
      const u = b.map((v, i) => v - a[i]);
      const w = c.map((v, i) => v - a[i]);
      let n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
      const len = Math.hypot(...n) || 1;
      n = n.map((v) => v / len);
      const base = mesh.positions.length / 3;
      for (const p of face) {
        mesh.positions.push(...p);
        mesh.normals.push(...n);
      }
      for (let k = 1; k + 1 < face.length; k++) mesh.indices.push(base, base + k, base + k + 1);
    }
  }
  const buffers = [];
  let offset = 0;
  const bufferViews = [];
  const accessors = [];
  const add = (typed, target) => {
    const bytes = Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength);
    const padded = Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)]);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length, target });
    buffers.push(padded);
    offset += padded.length;
    return bufferViews.length - 1;
  };
  const meshes = [];
  const materials = [];
  for (const [color, mesh] of byColor) {
    const positions = Float32Array.from(mesh.positions);
    const min = [0, 1, 2].map((k) => Math.min(...mesh.positions.filter((_, i) => i % 3 === k)));
    const max = [0, 1, 2].map((k) => Math.max(...mesh.positions.filter((_, i) => i % 3 === k)));
    accessors.push({
      bufferView: add(positions, 34962),
      componentType: 5126,
      count: positions.length / 3,
      type: "VEC3",
      min,
      max,
    });
    const positionAccessor = accessors.length - 1;
    accessors.push({
      bufferView: add(Float32Array.from(mesh.normals), 34962),
      componentType: 5126,
      count: positions.length / 3,
      type: "VEC3",
    });
    const normalAccessor = accessors.length - 1;
    accessors.push({
      bufferView: add(Uint16Array.from(mesh.indices), 34963),
      componentType: 5123,
      count: mesh.indices.length,
      type: "SCALAR",
    });
    const rgb = hex(color).map((v) => +(v / 255).toFixed(3));
    materials.push({
      pbrMetallicRoughness: { baseColorFactor: [...rgb, 1], metallicFactor: 0, roughnessFactor: 0.8 },
    });
    meshes.push({
      primitives: [
        {
          attributes: { POSITION: positionAccessor, NORMAL: normalAccessor },
          indices: accessors.length - 1,
          material: materials.length - 1,
        },
      ],
    });
  }
  const bin = Buffer.concat(buffers);
  const json = {
    asset: { version: "2.0", generator: "hubkit make-demo-assets" },
    scene: 0,
    scenes: [{ nodes: meshes.map((_, i) => i) }],
    nodes: meshes.map((_, i) => ({ mesh: i })),
    meshes,
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength: bin.length }],
  };
  let jsonBytes = Buffer.from(JSON.stringify(json), "utf8");
  jsonBytes = Buffer.concat([jsonBytes, Buffer.alloc((4 - (jsonBytes.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  header.write("glTF", 0, "ascii");
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonBytes.length + 8 + bin.length, 8);
  const chunkHeader = (length, type) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(length, 0);
    h.write(type, 4, "ascii");
    return h;
  };
  return Buffer.concat([
    header,
    chunkHeader(jsonBytes.length, "JSON"),
    jsonBytes,
    chunkHeader(bin.length, "BIN\0"),
    bin,
  ]);
}

// Axis-aligned box from its min and max corners, faces wound counter-clockwise seen from outside.
function box([x0, y0, z0], [x1, y1, z1], color) {
  const p = (x, y, z) => [x, y, z];
  return {
    color,
    faces: [
      [p(x0, y0, z1), p(x1, y0, z1), p(x1, y1, z1), p(x0, y1, z1)], // front (+z)
      [p(x1, y0, z0), p(x0, y0, z0), p(x0, y1, z0), p(x1, y1, z0)], // back
      [p(x0, y0, z0), p(x0, y0, z1), p(x0, y1, z1), p(x0, y1, z0)], // left
      [p(x1, y0, z1), p(x1, y0, z0), p(x1, y1, z0), p(x1, y1, z1)], // right
      [p(x0, y1, z1), p(x1, y1, z1), p(x1, y1, z0), p(x0, y1, z0)], // top
      [p(x0, y0, z0), p(x1, y0, z0), p(x1, y0, z1), p(x0, y0, z1)], // bottom
    ],
  };
}

// Triangular prism along z (a roof or an ear): triangle (ax,ay)-(bx,by)-(cx,cy) extruded from z0 to z1.
function prism([[ax, ay], [bx, by], [cx, cy]], z0, z1, color) {
  return {
    color,
    faces: [
      [
        [ax, ay, z1],
        [bx, by, z1],
        [cx, cy, z1],
      ],
      [
        [bx, by, z0],
        [ax, ay, z0],
        [cx, cy, z0],
      ],
      [
        [ax, ay, z0],
        [bx, by, z0],
        [bx, by, z1],
        [ax, ay, z1],
      ],
      [
        [bx, by, z0],
        [cx, cy, z0],
        [cx, cy, z1],
        [bx, by, z1],
      ],
      [
        [cx, cy, z0],
        [ax, ay, z0],
        [ax, ay, z1],
        [cx, cy, z1],
      ],
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Scenes

const W = 256;
const H = 192;

function skyAndGrass(c, horizon = 120, sky = ["#7ec8f0", "#d8f0ff"], grass = ["#8bc34a", "#4e8a2a"]) {
  const [s0, s1] = sky.map(hex);
  const [g0, g1] = grass.map(hex);
  c.fill((x, y) =>
    y < horizon ? mix(s0, s1, y / horizon) : mix(g0, g1, (y - horizon) / (c.height - horizon)),
  );
}

function elephant(c, x, y, s = 1, color = "#8d8d8d") {
  const dark = "#6f6f6f";
  for (const lx of [-38, -18, 14, 34])
    c.rect(x + lx * s, y + 10 * s, x + (lx + 13) * s, y + 52 * s, lx < 0 ? dark : color);
  c.ellipse(x, y, 52 * s, 32 * s, color); // body
  c.ellipse(x + 52 * s, y - 12 * s, 24 * s, 22 * s, color); // head
  c.ellipse(x + 38 * s, y - 10 * s, 16 * s, 22 * s, dark); // ear
  c.polygon(
    [
      [x + 66 * s, y - 8 * s],
      [x + 78 * s, y + 20 * s],
      [x + 74 * s, y + 46 * s],
      [x + 66 * s, y + 46 * s],
      [x + 68 * s, y + 20 * s],
      [x + 58 * s, y + 2 * s],
    ],
    color,
  ); // trunk
  c.polygon(
    [
      [x + 62 * s, y + 2 * s],
      [x + 76 * s, y + 14 * s],
      [x + 62 * s, y + 8 * s],
    ],
    "#f4f0e0",
  ); // tusk
  c.ellipse(x + 58 * s, y - 18 * s, 2.5 * s, 2.5 * s, "#222222"); // eye
  c.line(x - 52 * s, y - 4 * s, x - 60 * s, y + 18 * s, dark, 2 * s); // tail
}

function acacia(c, x, y, s = 1) {
  c.polygon(
    [
      [x - 4 * s, y],
      [x + 4 * s, y],
      [x + 3 * s, y - 40 * s],
      [x - 3 * s, y - 40 * s],
    ],
    "#6d4c2f",
  );
  c.line(x, y - 30 * s, x - 16 * s, y - 48 * s, "#6d4c2f", 3 * s);
  c.line(x, y - 30 * s, x + 18 * s, y - 46 * s, "#6d4c2f", 3 * s);
  c.ellipse(x, y - 52 * s, 44 * s, 10 * s, "#4f7a2a");
}

function cat(c, x, y, s = 1, fur = "#e0a060", stripes = "#b06a30") {
  c.line(x + 34 * s, y + 22 * s, x + 56 * s, y - 6 * s, fur, 9 * s); // tail
  c.ellipse(x, y + 14 * s, 38 * s, 30 * s, fur); // body
  for (const dx of [-18, -4, 10]) c.line(x + dx * s, y - 8 * s, x + (dx + 6) * s, y + 30 * s, stripes, 3 * s);
  c.ellipse(x - 28 * s, y - 24 * s, 24 * s, 21 * s, fur); // head
  c.polygon(
    [
      [x - 48 * s, y - 34 * s],
      [x - 46 * s, y - 58 * s],
      [x - 32 * s, y - 42 * s],
    ],
    fur,
  );
  c.polygon(
    [
      [x - 24 * s, y - 42 * s],
      [x - 10 * s, y - 58 * s],
      [x - 8 * s, y - 34 * s],
    ],
    fur,
  );
  c.ellipse(x - 37 * s, y - 28 * s, 4 * s, 5 * s, "#3a7d2c");
  c.ellipse(x - 19 * s, y - 28 * s, 4 * s, 5 * s, "#3a7d2c");
  c.ellipse(x - 37 * s, y - 28 * s, 1.5 * s, 4 * s, "#111111");
  c.ellipse(x - 19 * s, y - 28 * s, 1.5 * s, 4 * s, "#111111");
  c.polygon(
    [
      [x - 31 * s, y - 19 * s],
      [x - 25 * s, y - 19 * s],
      [x - 28 * s, y - 15 * s],
    ],
    "#d0606a",
  );
  for (const dy of [-17, -13]) {
    c.line(x - 34 * s, y + dy * s, x - 54 * s, y + (dy - 2) * s, "#5a3a20", 1);
    c.line(x - 22 * s, y + dy * s, x - 2 * s, y + (dy - 2) * s, "#5a3a20", 1);
  }
  for (const dx of [-20, 10]) c.ellipse(x + dx * s, y + 42 * s, 9 * s, 5 * s, fur); // paws
}

function dog(c, x, y, s = 1) {
  const fur = "#8a5a3a";
  for (const lx of [-30, -18, 16, 28]) c.rect(x + lx * s, y + 8 * s, x + (lx + 8) * s, y + 40 * s, fur);
  c.ellipse(x, y, 40 * s, 20 * s, fur);
  c.line(x - 38 * s, y - 6 * s, x - 54 * s, y - 24 * s, fur, 6 * s);
  c.ellipse(x + 42 * s, y - 22 * s, 18 * s, 16 * s, fur);
  c.ellipse(x + 58 * s, y - 16 * s, 11 * s, 8 * s, "#a87a5a");
  c.ellipse(x + 66 * s, y - 19 * s, 4 * s, 3 * s, "#111111");
  c.ellipse(x + 34 * s, y - 16 * s, 7 * s, 14 * s, "#5a3a22"); // ear
  c.ellipse(x + 46 * s, y - 27 * s, 3 * s, 3 * s, "#111111");
}

function ball(c, x, y, r, color = "#e53935") {
  c.ellipse(x, y, r, r, color);
  c.ellipse(x - r * 0.35, y - r * 0.35, r * 0.25, r * 0.2, "#ffffff", 0.6);
}

function house(c, x, y, s = 1) {
  c.rect(x - 50 * s, y - 60 * s, x + 50 * s, y, "#f2d7a0");
  c.polygon(
    [
      [x - 62 * s, y - 58 * s],
      [x, y - 110 * s],
      [x + 62 * s, y - 58 * s],
    ],
    "#b5452f",
  );
  c.rect(x - 12 * s, y - 38 * s, x + 12 * s, y, "#6d4c2f");
  c.rect(x - 40 * s, y - 46 * s, x - 20 * s, y - 26 * s, "#9fd3f0");
  c.rect(x + 20 * s, y - 46 * s, x + 40 * s, y - 26 * s, "#9fd3f0");
}

function person(c, keypoints, color = "#3f51b5") {
  const k = keypoints;
  const limb = (a, b, w = 9) => c.line(k[a][0], k[a][1], k[b][0], k[b][1], color, w);
  c.polygon([k.leftShoulder, k.rightShoulder, k.rightHip, k.leftHip], color);
  for (const [a, b] of SKELETON) if (!(a === "leftShoulder" && b === "rightShoulder")) limb(a, b);
  c.ellipse(k.nose[0], k.nose[1] - 6, 15, 18, "#f1c27d");
}

const POSE = {
  nose: [128, 40],
  leftShoulder: [108, 66],
  rightShoulder: [148, 66],
  leftElbow: [84, 50],
  rightElbow: [174, 86],
  leftWrist: [78, 24],
  rightWrist: [190, 110],
  leftHip: [114, 120],
  rightHip: [142, 120],
  leftKnee: [104, 150],
  rightKnee: [156, 148],
  leftAnkle: [98, 182],
  rightAnkle: [170, 178],
};
const SKELETON = [
  ["leftShoulder", "rightShoulder"],
  ["leftShoulder", "leftElbow"],
  ["leftElbow", "leftWrist"],
  ["rightShoulder", "rightElbow"],
  ["rightElbow", "rightWrist"],
  ["leftShoulder", "leftHip"],
  ["rightShoulder", "rightHip"],
  ["leftHip", "rightHip"],
  ["leftHip", "leftKnee"],
  ["leftKnee", "leftAnkle"],
  ["rightHip", "rightKnee"],
  ["rightKnee", "rightAnkle"],
];

function streetScene() {
  const c = new Canvas(W, H);
  skyAndGrass(c, 100, ["#8ecae6", "#d9f1ff"], ["#9e9e9e", "#757575"]);
  c.rect(20, 30, 100, 100, "#c98c5a"); // building
  for (let wy = 40; wy < 90; wy += 18)
    for (let wx = 30; wx < 95; wx += 22) c.rect(wx, wy, wx + 12, wy + 10, "#ffe9a8");
  c.rect(186, 70, 192, 104, "#6d4c2f");
  c.ellipse(189, 62, 26, 22, "#43a047"); // tree
  c.rect(0, 150, W, 156, "#ffffff", 0.8); // lane marking
  c.rect(60, 118, 156, 146, "#1e88e5"); // car body
  c.polygon(
    [
      [78, 118],
      [92, 100],
      [128, 100],
      [142, 118],
    ],
    "#1e88e5",
  );
  c.rect(96, 104, 124, 116, "#bbdefb");
  for (const wx of [82, 134]) c.ellipse(wx, 146, 11, 11, "#212121");
  c.ellipse(214, 96, 7, 8, "#f1c27d"); // pedestrian head
  c.rect(206, 104, 222, 134, "#e53935");
  c.rect(207, 134, 213, 156, "#263238");
  c.rect(215, 134, 221, 156, "#263238");
  return c;
}

// Same layout as streetScene, painted with one flat colour per class (an ADE20K-style palette).
function streetSegmentation() {
  const c = new Canvas(W, H);
  c.fill((x, y) => hex(y < 100 ? "#4682b4" : "#804080")); // sky, road
  c.rect(20, 30, 100, 100, "#b47878"); // building
  c.rect(186, 70, 192, 104, "#04c803");
  c.ellipse(189, 62, 26, 22, "#04c803"); // tree
  c.rect(60, 118, 156, 146, "#0066c8");
  c.polygon(
    [
      [78, 118],
      [92, 100],
      [128, 100],
      [142, 118],
    ],
    "#0066c8",
  );
  for (const wx of [82, 134]) c.ellipse(wx, 146, 11, 11, "#0066c8"); // car
  c.ellipse(214, 96, 7, 8, "#dc143c");
  c.rect(206, 104, 222, 156, "#dc143c"); // person
  const legend = [
    ["SKY", "#4682b4"],
    ["ROAD", "#804080"],
    ["BUILDING", "#b47878"],
    ["TREE", "#04c803"],
    ["CAR", "#0066c8"],
    ["PERSON", "#dc143c"],
  ];
  legend.forEach(([name, color], i) => {
    const lx = 4 + (i % 3) * 84;
    const ly = 168 + Math.floor(i / 3) * 12;
    c.rect(lx, ly, lx + 8, ly + 8, color);
    c.text(lx + 11, ly + 1, name, "#ffffff", 1);
  });
  return c;
}

function depthScene(asDepth) {
  const c = new Canvas(W, H);
  const horizon = 90;
  // Depth in metres for each pixel; the picture and its depth map come from the same description.
  const depthAt = (x, y) => (y < horizon ? 40 : 2 + 38 * ((H - y) / (H - horizon)) ** 2);
  const objects = [
    { kind: "box", x0: 24, y0: 118, x1: 104, y1: 184, depth: 2.5, color: "#d84315" },
    { kind: "ball", x: 182, y: 118, r: 16, depth: 8, color: "#fdd835" },
    { kind: "tree", x: 128, y: 88, depth: 25, color: "#2e7d32" },
  ];
  const colormap = (d) => {
    // Near is bright yellow, far is dark purple: the usual look of depth visualisations.
    const t = Math.max(0, Math.min(1, 1 - Math.log(d / 2) / Math.log(20)));
    const stops = ["#1a0a3a", "#5c1a6b", "#b63a5a", "#f08a2e", "#fbe85a"].map(hex);
    const p = t * (stops.length - 1);
    const i = Math.min(stops.length - 2, Math.floor(p));
    return mix(stops[i], stops[i + 1], p - i);
  };
  if (asDepth) c.fill((x, y) => colormap(depthAt(x, y)));
  else skyAndGrass(c, horizon, ["#90caf9", "#e3f2fd"], ["#a5d6a7", "#558b2f"]);
  for (const o of objects) {
    const color = asDepth ? toHex(colormap(o.depth)) : o.color;
    if (o.kind === "box") {
      c.rect(o.x0, o.y0, o.x1, o.y1, color);
      if (!asDepth)
        c.polygon(
          [
            [o.x0, o.y0],
            [o.x0 + 16, o.y0 - 14],
            [o.x1 + 16, o.y0 - 14],
            [o.x1, o.y0],
          ],
          "#ff7043",
        );
      else
        c.polygon(
          [
            [o.x0, o.y0],
            [o.x0 + 16, o.y0 - 14],
            [o.x1 + 16, o.y0 - 14],
            [o.x1, o.y0],
          ],
          color,
        );
    } else if (o.kind === "ball") c.ellipse(o.x, o.y, o.r, o.r, color);
    else {
      c.rect(o.x - 3, o.y - 20, o.x + 3, o.y + 4, asDepth ? color : "#6d4c2f");
      c.ellipse(o.x, o.y - 28, 14, 14, color);
    }
  }
  return c;
}

function invoice() {
  const c = new Canvas(256, 320, "#fafafa");
  c.rect(0, 0, 256, 44, "#263238");
  c.text(14, 14, "INVOICE", "#ffffff", 3);
  c.text(150, 12, "ACME TOOLS", "#ffffff", 1);
  c.text(150, 24, "12 MAIN ST", "#ffffff", 1);
  const rows = [
    ["INVOICE NO:", "INV-2048"],
    ["DATE:", "2024-03-15"],
    ["DUE:", "2024-04-14"],
    ["BILL TO:", "J. DOE"],
  ];
  rows.forEach(([k, v], i) => {
    c.text(14, 60 + i * 16, k, "#455a64", 1);
    c.text(100, 60 + i * 16, v, "#111111", 1);
  });
  c.rect(14, 130, 242, 146, "#cfd8dc");
  c.text(18, 135, "ITEM", "#263238", 1);
  c.text(140, 135, "QTY", "#263238", 1);
  c.text(190, 135, "AMOUNT", "#263238", 1);
  const items = [
    ["HAMMER", "2", "$40.00"],
    ["DRILL", "1", "$310.00"],
    ["SAW", "3", "$150.00"],
    ["LADDER", "1", "$750.00"],
  ];
  items.forEach(([name, qty, amount], i) => {
    const y = 154 + i * 18;
    c.text(18, y, name, "#111111", 1);
    c.text(146, y, qty, "#111111", 1);
    c.text(190, y, amount, "#111111", 1);
    c.rect(14, y + 12, 242, y + 13, "#eceff1");
  });
  c.rect(130, 236, 242, 238, "#263238");
  c.text(136, 246, "TOTAL:", "#263238", 1);
  c.text(186, 246, "$1,250.00", "#111111", 1);
  c.text(14, 296, "THANK YOU FOR YOUR BUSINESS", "#90a4ae", 1);
  return c;
}

function tableScene() {
  // Fruit on a table: the input of mask generation and image feature extraction.
  const c = new Canvas(W, H);
  c.fill((x, y) => (y < 110 ? hex("#eceff1") : mix(hex("#a1887f"), hex("#6d4c41"), (y - 110) / 82)));
  const objects = [
    { draw: (cv, col) => cv.ellipse(70, 128, 28, 26, col ?? "#d32f2f"), mask: "#00e5ff" },
    {
      draw: (cv, col) =>
        cv.polygon(
          [
            [112, 150],
            [130, 120],
            [170, 104],
            [196, 110],
            [168, 118],
            [138, 140],
            [122, 160],
          ],
          col ?? "#fbc02d",
        ),
      mask: "#d500f9",
    },
    {
      draw: (cv, col) => {
        cv.rect(196, 90, 236, 150, col ?? "#1976d2");
        cv.ellipse(240, 118, 10, 16, col ?? "#1976d2");
        if (!col) cv.ellipse(240, 118, 5, 10, "#eceff1");
      },
      mask: "#76ff03",
    },
  ];
  return { c, objects };
}

function sunnyHill() {
  const c = new Canvas(W, H);
  c.fill((x, y) => mix(hex("#4fa3e0"), hex("#bfe3fb"), y / H));
  c.ellipse(206, 40, 22, 22, "#ffd54f");
  for (let a = 0; a < 12; a++) {
    const t = (a / 12) * Math.PI * 2;
    c.line(
      206 + Math.cos(t) * 28,
      40 + Math.sin(t) * 28,
      206 + Math.cos(t) * 38,
      40 + Math.sin(t) * 38,
      "#ffd54f",
      3,
    );
  }
  c.ellipse(110, 230, 190, 110, "#66bb6a");
  c.rect(102, 96, 112, 132, "#6d4c2f");
  c.ellipse(107, 84, 26, 24, "#2e7d32");
  return c;
}

function lighthouse() {
  const c = new Canvas(W, H);
  const sky = ["#2b2d6e", "#c2456b", "#f7a35c"].map(hex);
  c.fill((x, y) => {
    if (y < 120) return y < 60 ? mix(sky[0], sky[1], y / 60) : mix(sky[1], sky[2], (y - 60) / 60);
    return mix(hex("#1f3b63"), hex("#0d1b2e"), (y - 120) / 72);
  });
  c.ellipse(60, 120, 24, 24, "#ffcc66");
  c.rect(36, 120, 84, 146, "#1f3b63"); // sun half-set behind the sea
  for (let y = 126; y < 180; y += 8) c.rect(30 + (y % 16), y, 90 - (y % 16), y + 2, "#f7a35c", 0.5);
  c.polygon(
    [
      [130, 192],
      [150, 140],
      [200, 130],
      [256, 150],
      [256, 192],
    ],
    "#3e2f2a",
  );
  c.polygon(
    [
      [176, 136],
      [182, 56],
      [202, 56],
      [208, 136],
    ],
    "#f5f5f5",
  );
  for (const y of [76, 100, 122])
    c.polygon(
      [
        [179, y],
        [205, y],
        [206, y + 10],
        [178, y + 10],
      ],
      "#d32f2f",
    );
  c.rect(178, 44, 206, 56, "#37474f");
  c.rect(184, 46, 200, 54, "#fff59d");
  c.polygon(
    [
      [192, 50],
      [120, 30],
      [120, 70],
    ],
    "#fff59d",
    0.35,
  ); // beam
  c.polygon(
    [
      [176, 44],
      [192, 32],
      [208, 44],
    ],
    "#37474f",
  );
  return c;
}

function faces() {
  // Four "generated" portraits in a 2×2 grid, as an unconditional face model would return them.
  const c = new Canvas(W, W, "#ffffff");
  const variants = [
    { bg: "#cfd8dc", skin: "#f1c27d", hair: "#4e342e", eyes: "#3e6b8a" },
    { bg: "#ffe0b2", skin: "#8d5524", hair: "#1b1b1b", eyes: "#2b1d0e" },
    { bg: "#c8e6c9", skin: "#ffdbac", hair: "#e0b050", eyes: "#3a7d2c" },
    { bg: "#d1c4e9", skin: "#c68642", hair: "#6d2f1f", eyes: "#3b2a1a" },
  ];
  variants.forEach((v, i) => {
    const ox = (i % 2) * 128;
    const oy = Math.floor(i / 2) * 128;
    c.rect(ox, oy, ox + 128, oy + 128, v.bg);
    c.ellipse(ox + 64, oy + 140, 48, 40, "#546e7a"); // shoulders
    c.rect(ox + 54, oy + 86, ox + 74, oy + 108, v.skin); // neck
    c.ellipse(ox + 64, oy + 52, 38, 40, v.hair);
    c.ellipse(ox + 64, oy + 62, 30, 36, v.skin);
    c.ellipse(ox + 64, oy + 30, 32, 12, v.hair);
    for (const dx of [-12, 12]) {
      c.ellipse(ox + 64 + dx, oy + 58, 6, 4, "#ffffff");
      c.ellipse(ox + 64 + dx, oy + 58, 3, 3.5, v.eyes);
    }
    c.polygon(
      [
        [ox + 64, oy + 62],
        [ox + 60, oy + 76],
        [ox + 67, oy + 76],
      ],
      toHex(mix(hex(v.skin), [0, 0, 0], 0.15)), // nose, a shade darker than the skin
    );
    c.rect(ox + 54, oy + 84, ox + 74, oy + 87, "#b5545c");
  });
  return c;
}

function pixelate(canvas, block) {
  const c = canvas.copy();
  for (let by = 0; by < c.height; by += block)
    for (let bx = 0; bx < c.width; bx += block) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = by; y < Math.min(c.height, by + block); y++)
        for (let x = bx; x < Math.min(c.width, bx + block); x++) {
          const p = canvas.get(x, y);
          sum[0] += p[0];
          sum[1] += p[1];
          sum[2] += p[2];
          n++;
        }
      const avg = sum.map((v) => Math.round(v / n));
      for (let y = by; y < Math.min(c.height, by + block); y++)
        for (let x = bx; x < Math.min(c.width, bx + block); x++) c.set(x, y, avg);
    }
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Animations (GIF frames use few flat colours, so each frame fits the 256-colour palette)

function bouncingBall(frames = 8) {
  return Array.from({ length: frames }, (_, f) => {
    const c = new Canvas(128, 96, "#e3f2fd");
    c.rect(0, 80, 128, 96, "#8d6e63");
    const t = f / frames;
    const x = 20 + 88 * t;
    const y = 72 - 56 * Math.abs(Math.sin(Math.PI * 2 * t));
    c.ellipse(x, 86, 10 - 4 * ((72 - y) / 56), 3, "#6d4c41");
    c.ellipse(x, y, 8, 8, "#e53935");
    return c;
  });
}

function rollingBall(frames = 8) {
  return Array.from({ length: frames }, (_, f) => {
    const c = new Canvas(128, 96, "#fff8e1");
    c.rect(0, 64, 128, 96, "#a1662f"); // wooden table
    for (let y = 70; y < 96; y += 7) c.rect(0, y, 128, y + 1, "#8a5524");
    c.rect(96, 40, 114, 64, "#1e63c8"); // cup
    c.rect(114, 46, 118, 58, "#1e63c8");
    // Decelerating roll that stops next to the cup.
    const t = Math.min(1, f / (frames - 2));
    const x = 12 + 70 * (1 - (1 - t) ** 2);
    c.ellipse(x, 56, 8, 8, "#e53935");
    return c;
  });
}

function paperBoat(frames = 8) {
  return Array.from({ length: frames }, (_, f) => {
    const c = new Canvas(128, 96, "#90a4ae");
    c.rect(0, 56, 128, 96, "#4f7ea8");
    for (let i = 0; i < 5; i++)
      c.rect((i * 29 + f * 9) % 128, 64 + i * 6, ((i * 29 + f * 9) % 128) + 14, 65 + i * 6, "#7fa9cf");
    const x = 16 + f * 11;
    c.polygon(
      [
        [x - 16, 56],
        [x + 16, 56],
        [x + 10, 64],
        [x - 10, 64],
      ],
      "#fafafa",
    );
    c.polygon(
      [
        [x - 2, 56],
        [x + 4, 38],
        [x + 12, 56],
      ],
      "#eeeeee",
    );
    for (let i = 0; i < 14; i++) {
      const rx = (i * 37 + f * 5) % 128;
      const ry = (i * 23 + f * 13) % 56;
      c.line(rx, ry, rx - 2, ry + 6, "#cfd8dc", 1);
    }
    return c;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Sounds: a crude formant synthesiser, enough to sound like voiced syllables rather than beeps.

function syllables(list, totalSeconds) {
  const out = new Float64Array(Math.round(totalSeconds * SAMPLE_RATE));
  for (const { start, duration, pitch, formants } of list) {
    const n = Math.round(duration * SAMPLE_RATE);
    const offset = Math.round(start * SAMPLE_RATE);
    const state = formants.map(() => ({ y1: 0, y2: 0 }));
    for (let i = 0; i < n && offset + i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      const f0 = pitch * (1 - 0.15 * (i / n)); // falling intonation
      const phase = (t * f0) % 1;
      const source = phase < 0.1 ? 1 - phase / 0.1 : 0; // glottal pulse train
      let sample = 0;
      formants.forEach(([freq, bandwidth], k) => {
        // Two-pole resonator per formant.
        const r = Math.exp((-Math.PI * bandwidth) / SAMPLE_RATE);
        const a1 = 2 * r * Math.cos((2 * Math.PI * freq) / SAMPLE_RATE);
        const a2 = -r * r;
        const y = (1 - r) * source + a1 * state[k].y1 + a2 * state[k].y2;
        state[k].y2 = state[k].y1;
        state[k].y1 = y;
        sample += y / (k + 1);
      });
      const envelope = Math.min(1, i / 200) * Math.min(1, (n - i) / 600);
      out[offset + i] += sample * envelope;
    }
  }
  const peak = Math.max(...out.map(Math.abs)) || 1;
  return out.map((v) => (v / peak) * 0.8);
}

const VOWELS = {
  uh: [
    [640, 80],
    [1190, 90],
    [2390, 120],
  ],
  ee: [
    [270, 60],
    [2290, 100],
    [3010, 120],
  ],
  ah: [
    [730, 90],
    [1090, 90],
    [2440, 120],
  ],
  oo: [
    [300, 60],
    [870, 80],
    [2240, 120],
  ],
  eh: [
    [530, 70],
    [1840, 100],
    [2480, 120],
  ],
};

const sequence = (pitch, start, steps) =>
  steps.map(([vowel, duration], i) => ({
    start: start + steps.slice(0, i).reduce((s, [, d]) => s + d + 0.06, 0),
    duration,
    pitch,
    formants: VOWELS[vowel],
  }));

// ---------------------------------------------------------------------------------------------------------
// Outputs

function buildAssets() {
  const assets = {};

  // Image classification / zero-shot image classification: a cat.
  const catImage = new Canvas(W, H);
  skyAndGrass(catImage, 110, ["#fff3e0", "#ffe0b2"], ["#bcaaa4", "#8d6e63"]);
  cat(catImage, 140, 100, 1.4);
  assets["image-classification-input.png"] = png(catImage);

  // Visual question answering and image-to-text: elephants on the savanna.
  const elephantImage = new Canvas(W, H);
  skyAndGrass(elephantImage, 100, ["#87ceeb", "#e0f4ff"], ["#c5b358", "#8a7d2f"]);
  elephant(elephantImage, 110, 110, 1);
  assets["elephant.png"] = png(elephantImage);

  const savanna = new Canvas(W, H);
  skyAndGrass(savanna, 96, ["#6fb7e6", "#d6efff"], ["#d4c06a", "#9c8a35"]);
  acacia(savanna, 200, 110, 1);
  elephant(savanna, 96, 124, 0.75);
  assets["savanna.png"] = png(savanna);

  // Depth estimation: a scene and its depth map, drawn from the same description.
  assets["depth-estimation-input.png"] = png(depthScene(false));
  assets["depth-estimation-output.png"] = png(depthScene(true));

  assets["document-question-answering-input.png"] = png(invoice());

  // Mask generation (and image feature extraction's input): fruit and a mug, then one mask per object.
  const { c: still, objects } = tableScene();
  for (const o of objects) o.draw(still);
  assets["mask-generation-input.png"] = png(still);
  const masked = still.copy();
  for (const o of objects) {
    const layer = new Canvas(W, H, "#000000");
    o.draw(layer, "#ffffff");
    const inside = (x, y) => x >= 0 && y >= 0 && x < W && y < H && layer.get(x, y)[0] === 255;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        if (!inside(x, y)) continue;
        const edge = !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1);
        masked.set(x, y, edge ? [255, 255, 255] : hex(o.mask), edge ? 1 : 0.6);
      }
  }
  assets["mask-generation-output.png"] = png(masked);

  // Image segmentation: a street and its class map.
  assets["image-segmentation-input.png"] = png(streetScene());
  assets["image-segmentation-output.png"] = png(streetSegmentation());

  // Image-to-image: super-resolution of a blocky house picture.
  const sharpHouse = new Canvas(W, H);
  skyAndGrass(sharpHouse, 140);
  house(sharpHouse, 128, 160, 1);
  assets["image-to-image-input.png"] = png(pixelate(sharpHouse, 8));
  assets["image-to-image-output.png"] = png(sharpHouse);

  assets["image-text-to-text-input.png"] = png(sunnyHill());

  // Keypoint detection: a person, then the same person with the 13 body keypoints and the skeleton.
  const pose = new Canvas(W, H);
  skyAndGrass(pose, 150, ["#eceff1", "#cfd8dc"], ["#b0bec5", "#90a4ae"]);
  person(pose, POSE);
  assets["keypoint-detection-input.png"] = png(pose);
  const poseOut = pose.copy();
  for (const [a, b] of SKELETON) poseOut.line(POSE[a][0], POSE[a][1], POSE[b][0], POSE[b][1], "#00e676", 2);
  for (const [x, y] of Object.values(POSE)) {
    poseOut.ellipse(x, y, 5, 5, "#ffffff");
    poseOut.ellipse(x, y, 3.5, 3.5, "#ff1744");
  }
  assets["keypoint-detection-output.png"] = png(poseOut);

  // Object detection: the street scene with labelled boxes.
  const street = streetScene();
  assets["object-detection-input.png"] = png(street);
  const detected = street.copy();
  detected.labelBox(56, 98, 160, 160, "#ff6d00", "CAR 0.98");
  detected.labelBox(200, 86, 228, 160, "#00c853", "PERSON 0.95");
  detected.labelBox(160, 38, 218, 106, "#2962ff", "TREE 0.71");
  assets["object-detection-output.png"] = png(detected);

  // Zero-shot object detection: a cat, a dog and a ball, found from the text "cat, dog, ball".
  const pets = new Canvas(W, H);
  skyAndGrass(pets, 90, ["#e1f5fe", "#b3e5fc"], ["#aed581", "#7cb342"]);
  cat(pets, 70, 110, 0.8);
  dog(pets, 176, 120, 0.8);
  ball(pets, 124, 164, 12, "#1e88e5");
  assets["zero-shot-object-detection-input.png"] = png(pets);
  const petsOut = pets.copy();
  petsOut.labelBox(22, 60, 122, 152, "#ff6d00", "CAT 0.94");
  petsOut.labelBox(128, 86, 234, 156, "#00c853", "DOG 0.91");
  petsOut.labelBox(108, 148, 140, 180, "#d500f9", "BALL 0.88");
  assets["zero-shot-object-detection-output.png"] = png(petsOut);

  assets["image.png"] = png(lighthouse());
  assets["unconditional-image-generation-output.png"] = png(faces());

  const houseInput = new Canvas(W, H, "#ffffff");
  house(houseInput, 128, 170, 1.2);
  assets["image-to-3d-image-input.png"] = png(houseInput);

  assets["video-classification-input.gif"] = gif(bouncingBall(), 12);
  assets["video-text-to-text-input.gif"] = gif(rollingBall(), 15);
  assets["text-to-video-output.gif"] = gif(paperBoat(), 15);

  // Image-to-video and image-text-to-video: the first frame as the still, the whole clip as the result.
  const boat = paperBoat();
  assets["image-to-video-input.png"] = png(boat[0]);
  assets["image-to-video-output.gif"] = gif(boat, 15);
  const rolling = rollingBall();
  assets["image-text-to-video-input.png"] = png(rolling[0]);
  assets["image-text-to-video-output.gif"] = gif(rolling, 15);
  // Image-text-to-image: "build a small red house on the hill".
  assets["image-text-to-image-input.png"] = png(sunnyHill());
  const hillWithHouse = sunnyHill();
  house(hillWithHouse, 90, 150, 0.5);
  assets["image-text-to-image-output.png"] = png(hillWithHouse);
  // Video-to-video: restoring a blocky, low-resolution clip.
  const bounce = bouncingBall();
  assets["input.gif"] = gif(
    bounce.map((frame) => pixelate(frame, 6)),
    12,
  );
  assets["output.gif"] = gif(bounce, 12);
  // Any-to-any and visual document retrieval reuse two pictures drawn above.
  assets["any-to-any-input.png"] = png(lighthouse());
  assets["input.png"] = png(invoice());

  // Sounds. "audio.wav": three short "up"-like syllables (a keyword for audio classification, and the
  // text-to-speech output for "Up! Up, up! …"). "input.flac": a short spoken-sounding phrase for ASR.
  assets["audio.wav"] = wav(
    syllables(
      sequence(130, 0.1, [
        ["uh", 0.22],
        ["uh", 0.18],
        ["uh", 0.3],
      ]),
      1.2,
    ),
  );
  assets["input.flac"] = flac(
    syllables(
      sequence(120, 0.1, [
        ["ee", 0.16],
        ["uh", 0.2],
        ["oo", 0.18],
        ["ah", 0.24],
        ["eh", 0.2],
        ["ee", 0.22],
      ]),
      1.6,
    ),
  );
  // Audio-to-audio: two voices (low and high pitch) and their mixture; the outputs are the separated voices.
  const voiceA = syllables(
    sequence(110, 0.05, [
      ["ah", 0.3],
      ["oo", 0.3],
      ["eh", 0.3],
    ]),
    1.2,
  );
  const voiceB = syllables(
    sequence(230, 0.25, [
      ["ee", 0.25],
      ["uh", 0.25],
      ["ah", 0.3],
    ]),
    1.2,
  );
  assets["input.wav"] = wav(voiceA.map((v, i) => (v + voiceB[i]) * 0.55));
  assets["label-0.wav"] = wav(voiceA);
  assets["label-1.wav"] = wav(voiceB);
  // Any-to-any: the spoken answer.
  assets["any-to-any-output.wav"] = wav(voiceA);

  // 3D outputs. Text-to-3D: "a small stone statue of a sitting cat on a square pedestal".
  const stone = "#9e9e9e";
  assets["text-to-3d-3d-output-filename.glb"] = glb([
    box([-0.5, 0, -0.5], [0.5, 0.2, 0.5], "#757575"), // pedestal
    box([-0.25, 0.2, -0.3], [0.25, 0.65, 0.2], stone), // body
    box([-0.2, 0.65, -0.15], [0.2, 0.95, 0.2], stone), // head
    prism(
      [
        [-0.2, 0.95],
        [-0.05, 0.95],
        [-0.16, 1.12],
      ],
      -0.02,
      0.06,
      stone,
    ), // ears
    prism(
      [
        [0.05, 0.95],
        [0.2, 0.95],
        [0.16, 1.12],
      ],
      -0.02,
      0.06,
      stone,
    ),
    box([-0.06, 0.2, -0.45], [0.06, 0.3, -0.3], stone), // tail curled on the pedestal
    box([-0.2, 0.2, 0.2], [-0.05, 0.28, 0.32], stone), // front paws
    box([0.05, 0.2, 0.2], [0.2, 0.28, 0.32], stone),
  ]);
  // Image-to-3D: the house of image-to-3d-image-input.png.
  assets["image-to-3d-3d-output-filename.glb"] = glb([
    box([-0.5, 0, -0.4], [0.5, 0.6, 0.4], "#f2d7a0"),
    prism(
      [
        [-0.62, 0.58],
        [0.62, 0.58],
        [0, 1.1],
      ],
      -0.45,
      0.45,
      "#b5452f",
    ),
    box([-0.12, 0, 0.4], [0.12, 0.38, 0.42], "#6d4c2f"),
    box([-0.4, 0.26, 0.4], [-0.2, 0.46, 0.42], "#9fd3f0"),
    box([0.2, 0.26, 0.4], [0.4, 0.46, 0.42], "#9fd3f0"),
  ]);
  return assets;
}

mkdirSync(outDir, { recursive: true });
const assets = buildAssets();
for (const [name, bytes] of Object.entries(assets)) {
  if (bytes.length > MAX_BYTES)
    throw new Error(`${name} is ${bytes.length} bytes, over the ${MAX_BYTES}-byte limit`);
  writeFileSync(join(outDir, name), bytes);
  console.log(`${name.padEnd(44)} ${String(bytes.length).padStart(6)} bytes`);
}
