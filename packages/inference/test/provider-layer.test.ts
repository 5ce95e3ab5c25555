// The provider layer: every definition complete and consistent with the helpers that serve it, the
// tables derived from the definitions, and hubkit's failover under "auto".
import { readdirSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MODELS } from "@hubkit/emulator";
import * as hf from "@hubkit/inference";
import {
  PROVIDER_DEFINITIONS,
  PROVIDER_LISTINGS,
  PROVIDER_TASK_LISTS,
} from "../src/providers/definitions.js";
import {
  HELPERS_BY_TASK,
  PROVIDER_TASKS,
  conversationalHelpers,
  conversationalRefusals,
} from "../src/providers/index.js";
import { providerKeyEnvVar } from "../src/snippets/tables.js";
import { HUB_TOKEN, recordingLogger, rejection, useEmulator } from "./helpers.js";

const emu = useEmulator();
const providersDir = new URL("../src/providers/", import.meta.url);

describe("provider definitions", () => {
  it("every provider folder has a definition, listed once in definitions.ts", () => {
    const folders = readdirSync(providersDir).filter((name) =>
      statSync(new URL(name, providersDir)).isDirectory(),
    );
    expect(PROVIDER_DEFINITIONS.map((d) => d.id).sort()).toEqual(folders.sort());
    expect(PROVIDER_LISTINGS.map((l) => l.id)).toEqual(PROVIDER_DEFINITIONS.map((d) => d.id));
    expect(PROVIDER_TASK_LISTS.map((t) => t.id)).toEqual(PROVIDER_DEFINITIONS.map((d) => d.id));
  });

  it.each(PROVIDER_DEFINITIONS.map((d) => [d.id, d] as const))("%s is complete", (id, definition) => {
    const listing = PROVIDER_LISTINGS.find((l) => l.id === id);
    const { tasks } = PROVIDER_TASK_LISTS.find((t) => t.id === id)!;
    expect(definition.id).toBe(id);
    expect(listing?.hubOrg).toMatch(/^[A-Za-z0-9][A-Za-z0-9-]*$/);
    expect(new URL(definition.baseUrl).protocol).toBe("https:");
    // Without `auth`, the key goes as `Authorization: Bearer {key}`.
    if (definition.auth) expect(definition.auth.header.length).toBeGreaterThan(0);
    expect(typeof definition.routed).toBe("boolean");
    expect(tasks.length).toBeGreaterThan(0);
    // Each listed task has a helper for this provider, and each helper is listed.
    for (const task of tasks) {
      expect(HELPERS_BY_TASK[task as hf.InferenceTask]?.[id]?.provider, `${id} ${task}`).toBe(id);
    }
    for (const [task, helpers] of Object.entries(HELPERS_BY_TASK)) {
      if (helpers?.[id]) expect(tasks, `${id} serves ${task}`).toContain(task);
    }
  });

  it("derives every table from the definitions", () => {
    expect(hf.INFERENCE_PROVIDERS).toEqual(PROVIDER_DEFINITIONS.map((d) => d.id));
    for (const listing of PROVIDER_LISTINGS) {
      expect(hf.PROVIDERS_HUB_ORGS[listing.id]).toBe(listing.hubOrg);
      // Snippets name a direct call's key as 4.x does, from the id: a valid variable name.
      expect(providerKeyEnvVar(listing.id)).toMatch(/^[A-Z][A-Z0-9_]*_API_KEY$/);
    }
    for (const definition of PROVIDER_DEFINITIONS) {
      const { tasks } = PROVIDER_TASK_LISTS.find((t) => t.id === definition.id)!;
      expect(hf.PROVIDER_BASE_URLS[definition.id]).toBe(definition.baseUrl);
      expect(PROVIDER_TASKS[definition.id]).toEqual(tasks);
      expect(hf.HARDCODED_MODEL_ID_MAPPING[definition.id]).toEqual({});
      expect(Object.keys(hf.PROVIDERS[definition.id]).sort()).toEqual([...tasks].sort());
    }
    // Chat refusals carry exactly the task lists of the providers without a chat helper.
    const withoutChat = PROVIDER_DEFINITIONS.filter((d) => !conversationalHelpers[d.id]).map((d) => d.id);
    expect(Object.keys(conversationalRefusals).sort()).toEqual(withoutChat.sort());
    for (const id of withoutChat) expect(conversationalRefusals[id]).toEqual(PROVIDER_TASKS[id]);
    expect(hf.PROVIDER_BASE_URLS["fal-ai-queue"]).toBe("https://queue.fal.run");
  });
});

describe("failover under auto (hubkit, beyond 4.x)", () => {
  // A model whose mapping has at least two live text-to-image providers the router serves.
  const DROPPED = ["black-forest-labs", "hyperbolic", "nebius", "sambanova"];
  const model = MODELS.find(
    (m) =>
      Object.entries(m.inferenceProviderMapping).filter(
        ([p, e]) => e.task === "text-to-image" && e.status === "live" && !DROPPED.includes(p),
      ).length >= 2,
  )!;
  const live = Object.entries(model.inferenceProviderMapping)
    .filter(([p, e]) => e.task === "text-to-image" && e.status === "live" && !DROPPED.includes(p))
    .map(([p]) => p);

  it("moves to the next live provider after a 5xx, logs it, and succeeds", async () => {
    const e = emu();
    hf.clearHubCache();
    const fault = e.fault({
      match: { provider: live[0] as never, method: "POST" },
      status: 500,
      body: { error: "down" },
    });
    const logger = recordingLogger();
    try {
      e.clearRequests();
      const image = await hf.textToImage(
        { model: model.id, inputs: "a boat", accessToken: HUB_TOKEN },
        { ...e.clientOptions, logger, retry_on_error: false },
      );
      expect(image).toBeInstanceOf(Blob);
      const posts = e.requests.filter((r) => r.method === "POST");
      expect(posts.map((r) => r.provider)).toEqual([live[0], live[1]]);
      expect(logger.lines.some((l) => l.level === "warn" && l.message.includes(live[1]))).toBe(true);
      // The mapping was read once for the whole call.
      expect(e.requests.filter((r) => r.host === "hub")).toHaveLength(1);
    } finally {
      fault.remove();
    }
  });

  it("keeps every attempt in the final error, and is bounded", async () => {
    const e = emu();
    const fault = e.fault({ match: { method: "POST" }, status: 503, body: { error: "all down" } });
    try {
      e.clearRequests();
      const error = (await rejection(
        hf.textToImage(
          { model: model.id, inputs: "a boat", accessToken: HUB_TOKEN },
          { ...e.clientOptions, retry_on_error: false },
        ),
      )) as hf.InferenceClientProviderApiError;
      expect(error).toBeInstanceOf(hf.InferenceClientProviderApiError);
      expect(error.httpResponse.status).toBe(503);
      const tried = Math.min(live.length, 3);
      expect(error.attempts?.map((a) => a.provider)).toEqual(live.slice(0, tried));
      expect(e.requests.filter((r) => r.method === "POST")).toHaveLength(tried);
    } finally {
      fault.remove();
    }
  });

  it("is off with failover: false, for an explicit provider, for chat and for client errors", async () => {
    const e = emu();
    const fault = e.fault({ match: { method: "POST" }, status: 500, body: { error: "down" } });
    try {
      for (const [args, options] of [
        [{ model: model.id }, { failover: false }],
        [{ model: model.id, provider: live[0] }, {}],
      ] as const) {
        e.clearRequests();
        await rejection(
          hf.textToImage({ ...args, inputs: "x", accessToken: HUB_TOKEN } as never, {
            ...e.clientOptions,
            ...options,
            retry_on_error: false,
          }),
        );
        expect(e.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      }
    } finally {
      fault.remove();
    }
    const badRequest = e.fault({ match: { method: "POST" }, status: 400, body: { error: "bad input" } });
    try {
      e.clearRequests();
      await rejection(
        hf.textToImage({ model: model.id, inputs: "x", accessToken: HUB_TOKEN }, e.clientOptions),
      );
      expect(e.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    } finally {
      badRequest.remove();
    }
  });
});
