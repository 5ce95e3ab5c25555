// Text-to-image of together, nebius, hyperbolic, nscale and deepinfra (base64 or URL results).
import type { Ctx } from "../context.js";
import { isRecord } from "../context.js";
import { fail, PROVIDER_ERROR_STYLE } from "../errors.js";
import { decodeDataUrl, renderImage, sniffImage } from "../media.js";
import { json } from "../reply.js";
import type { Reply } from "../reply.js";
import { hashString, idFromSeed } from "../text.js";
import type { ProviderId } from "../types.js";
import { clampSide, fileUrl } from "./files.js";

function dimension(
  body: Record<string, unknown>,
  key: string,
  provider: ProviderId,
  fallback: number,
): number {
  const v = body[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 64 || v > 2048) {
    fail(
      PROVIDER_ERROR_STYLE[provider],
      400,
      `'${key}' must be an integer between 64 and 2048, got ${JSON.stringify(v)}`,
      key,
    );
  }
  return clampSide(v, fallback);
}

/** together's image editing inputs: `image_url` (FLUX.1 Kontext) or `reference_images`, as URLs or image data URLs. */
function checkInputImages(body: Record<string, unknown>): void {
  const isImage = (value: unknown) => {
    if (typeof value !== "string") return false;
    const data = decodeDataUrl(value);
    return data ? !!sniffImage(data.bytes) : /^https?:\/\//.test(value);
  };
  if (body.image_url !== undefined && !isImage(body.image_url))
    fail("openai", 400, "'image_url' must be an http(s) URL or an image data URL", "image_url");
  const refs = body.reference_images;
  if (refs !== undefined && !(Array.isArray(refs) && refs.length > 0 && refs.every(isImage)))
    fail(
      "openai",
      400,
      "'reference_images' must be a non-empty list of image URLs or data URLs",
      "reference_images",
    );
}

export function imageGeneration(ctx: Ctx, provider: ProviderId): Reply {
  const style = PROVIDER_ERROR_STYLE[provider];
  const body = ctx.body;
  if (!isRecord(body)) fail(style, 400, "Request body must be a JSON object");
  const modelKey = provider === "hyperbolic" ? "model_name" : "model";
  const model = body[modelKey];
  if (typeof model !== "string" || model === "")
    fail(style, 400, `'${modelKey}' is required and must be a non-empty string`, modelKey);
  if (typeof body.prompt !== "string" || body.prompt.trim() === "")
    fail(style, 400, "'prompt' is required and must be a non-empty string", "prompt");
  if (provider === "together") checkInputImages(body);
  const width = dimension(body, "width", provider, 512);
  const height = dimension(body, "height", provider, 512);
  const n = body.n === undefined ? 1 : body.n;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 4)
    fail(style, 400, "'n' must be an integer between 1 and 4", "n");
  const seed = hashString(`${model}\n${body.prompt}\n${String(body.seed ?? "")}`);
  const images = Array.from({ length: n }, (_, i) => ({
    seed: seed + i,
    png: () => renderImage(seed + i, width, height),
  }));

  if (provider === "hyperbolic") {
    return json(200, {
      images: images.map((im, index) => ({
        index,
        image: im.png().toString("base64"),
        random_seed: im.seed,
      })),
      inference_time: 0.42,
    });
  }
  // together and nebius default to a URL when no response_format is given; nscale answers only in
  // base64; deepinfra defaults to base64.
  const format =
    body.response_format ?? (provider === "together" || provider === "nebius" ? "url" : "b64_json");
  const formats =
    provider === "together"
      ? ["base64", "b64_json", "url"]
      : provider === "nscale"
        ? ["b64_json"]
        : ["b64_json", "url"];
  if (typeof format !== "string" || !formats.includes(format)) {
    fail(
      style,
      400,
      `'response_format' must be one of ${formats.join(", ")}, got ${JSON.stringify(format)}`,
      "response_format",
    );
  }
  const cdn = provider === "together" ? "together-cdn" : "nebius-cdn";
  const data = images.map((im, index) =>
    format === "url" && provider === "deepinfra"
      ? // DeepInfra hands the image back inline, as a data URL.
        { index, url: `data:image/png;base64,${im.png().toString("base64")}` }
      : format === "url"
        ? {
            index,
            url: fileUrl(ctx.env, cdn, provider === "together" ? "imgproxy" : "images", {
              kind: "png",
              seed: im.seed,
              width,
              height,
            }),
          }
        : { index, b64_json: im.png().toString("base64") },
  );
  return json(200, { id: idFromSeed(seed, 20), model, object: "list", data });
}
