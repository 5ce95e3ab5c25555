// black-forest-labs: submit (POST /v1/{model}) → {id, polling_url}; poll GET /v1/get_result?id=…
// → "Pending" for `pollSteps` polls, then "Ready" with result.sample (a PNG on the BFL CDN host).
import type { Ctx } from "../context.js";
import { isRecord } from "../context.js";
import { json } from "../reply.js";
import type { Reply } from "../reply.js";
import { HttpError } from "../reply.js";
import { hashString, uuidFromSeed } from "../text.js";
import { fileUrl } from "./files.js";

/** BFL validates with pydantic: 422 {detail: [{type, loc, msg, input}]}. */
export function pydanticError(field: string, msg: string, type: string, input?: unknown): never {
  throw new HttpError(json(422, { detail: [{ type, loc: ["body", field], msg, input: input ?? null }] }));
}

function dimension(body: Record<string, unknown>, key: string): number {
  const v = body[key];
  if (v === undefined || v === null) return 1024;
  if (typeof v !== "number" || !Number.isInteger(v))
    pydanticError(key, "Input should be a valid integer", "int_type", v);
  if (v < 256 || v > 1440) pydanticError(key, `Input should be between 256 and 1440`, "less_than_equal", v);
  if (v % 32 !== 0) pydanticError(key, "Input should be a multiple of 32", "multiple_of", v);
  return v;
}

export function bflRoute(ctx: Ctx): Reply {
  const env = ctx.env;
  if (ctx.path === "/v1/get_result") {
    if (ctx.req.method !== "GET") return json(405, { detail: "Method Not Allowed" });
    const id = ctx.query.id;
    if (!id)
      throw new HttpError(
        json(422, {
          detail: [{ type: "missing", loc: ["query", "id"], msg: "Field required", input: null }],
        }),
      );
    const job = env.jobs.get(`bfl:${id}`);
    if (!job) return json(200, { id, status: "Task not found", result: null, progress: null, details: null });
    job.polls++;
    if (job.neverComplete || job.polls <= env.pollSteps) {
      return json(200, {
        id,
        status: "Pending",
        result: null,
        progress: Math.min(0.95, job.polls / (env.pollSteps + 1)),
        details: null,
      });
    }
    return json(200, { id, status: "Ready", result: job.result(), progress: null, details: null });
  }
  // Any model path after /v1/ (real ids are like flux-dev; mapped ids may contain slashes).
  const m = /^\/v1\/([A-Za-z0-9][\w./-]*)$/.exec(ctx.path);
  if (!m) return json(404, { detail: "Not Found" });
  if (ctx.req.method !== "POST") return json(405, { detail: "Method Not Allowed" });
  const body = ctx.body;
  if (!isRecord(body))
    throw new HttpError(
      json(422, {
        detail: [
          {
            type: "model_attributes_type",
            loc: ["body"],
            msg: "Input should be a valid dictionary or object",
            input: null,
          },
        ],
      }),
    );
  if (body.prompt === undefined) pydanticError("prompt", "Field required", "missing");
  if (typeof body.prompt !== "string")
    pydanticError("prompt", "Input should be a valid string", "string_type", body.prompt);
  const width = dimension(body, "width");
  const height = dimension(body, "height");
  const steps = body.steps ?? body.num_inference_steps;
  if (
    steps !== undefined &&
    (typeof steps !== "number" || !Number.isInteger(steps) || steps < 1 || steps > 50)
  ) {
    pydanticError("steps", "Input should be an integer between 1 and 50", "less_than_equal", steps);
  }
  const seed = typeof body.seed === "number" ? body.seed : hashString(body.prompt) % 1_000_000;
  const id = uuidFromSeed(hashString(JSON.stringify(body)) ^ env.nextSerial());
  const started = env.now() / 1000;
  const prompt = body.prompt;
  env.jobs.set(`bfl:${id}`, {
    id,
    polls: 0,
    neverComplete: ctx.fault?.neverComplete === true,
    extra: {},
    result: () => ({
      sample: fileUrl(env, "bfl-delivery", `results/${id}`, {
        kind: "png",
        seed: hashString(`${m[1]}\n${prompt}\n${seed}`),
        width,
        height,
      }),
      prompt,
      seed,
      start_time: started,
      end_time: started + 2.5,
      duration: 2.5,
    }),
  });
  return json(200, { id, polling_url: `${env.urls["black-forest-labs"]}/v1/get_result?id=${id}` });
}
