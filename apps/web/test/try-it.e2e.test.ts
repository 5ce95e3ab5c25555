// End-to-end: "Try it" on every task page and on each kind of model page, against the emulator.
// Each page's Run is pressed with the prefilled defaults and the right output element must appear
// (boxes drawn over the input, masks, a video that plays, audio, tables, Markdown chat…), with no
// horizontal overflow at phone width and no serious or critical axe violation. The task demos'
// video and 3D viewer are checked too, and screenshots are saved (desktop and phone, light and dark).
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  DESKTOP,
  hydrated,
  overflowing,
  PHONE,
  screenshotDir,
  screenshots,
  startE2E,
  type E2E,
} from "./e2e-setup.js";

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** What a result must show, by the panel's `data-output`. */
const OUTPUT_CHECKS: Record<string, (result: ReturnType<Page["locator"]>) => Promise<void>> = {
  chat: async (result) => {
    await expect
      .poll(async () => (await result.locator(".markdown").textContent())?.trim().length ?? 0)
      .toBeGreaterThan(0);
  },
  text: async (result) => {
    await expect
      .poll(async () => (await result.locator(".result-text").textContent())?.trim().length ?? 0)
      .toBeGreaterThan(0);
  },
  labels: async (result) => {
    expect(await result.locator(".label-bars li").count()).toBeGreaterThan(0);
  },
  similarity: async (result) => {
    expect(await result.locator(".label-bars li").count()).toBeGreaterThan(1);
  },
  tokens: async (result) => {
    expect(await result.locator("mark.entity").count()).toBeGreaterThan(0);
  },
  answer: async (result) => {
    expect(await result.locator(".answer strong, .label-bars li").count()).toBeGreaterThan(0);
  },
  "table-answer": async (result) => {
    expect((await result.locator(".answer strong").textContent())?.length).toBeGreaterThan(0);
    expect(await result.locator("table td").count()).toBeGreaterThan(0);
  },
  vector: async (result) => {
    expect(await result.locator(".vector-view").textContent()).toMatch(/^\[-?\d/);
  },
  predictions: async (result) => {
    expect(await result.locator("th").last().textContent()).toBe("Prediction");
  },
  image: async (result) => {
    const image = result.locator("img");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  },
  audio: async (result) => {
    const audio = result.locator("audio");
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration || 0)).toBeGreaterThan(0);
  },
  audios: async (result) => {
    expect(await result.locator("audio").count()).toBeGreaterThan(0);
  },
  video: async (result) => {
    const video = result.locator("video");
    // It really plays: the browser decodes it and time moves on.
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    expect(await video.evaluate((el: HTMLVideoElement) => [el.videoWidth > 0, el.error])).toEqual([
      true,
      null,
    ]);
  },
  boxes: async (result) => {
    expect(await result.locator("svg.boxes rect").count()).toBeGreaterThan(0);
    const image = result.locator(".overlay-stack img");
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The boxes are drawn over the image, in its place.
    const [imageBox, svgBox] = [await image.boundingBox(), await result.locator("svg.boxes").boundingBox()];
    expect(Math.abs((imageBox?.width ?? 0) - (svgBox?.width ?? -9))).toBeLessThan(2);
  },
  masks: async (result) => {
    expect(await result.locator(".mask-layer").count()).toBeGreaterThan(0);
    expect(
      await result.locator(".overlay-stack img").evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
  },
};

/** Task pages whose Run must work offline (a provider of this hub's client serves a model of it). */
const RUNNABLE = [
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-text-to-text",
  "image-to-image",
  "image-to-text",
  "object-detection",
  "question-answering",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "tabular-classification",
  "tabular-regression",
  "text-classification",
  "text-generation",
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "token-classification",
  "translation",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
];

interface Outcome {
  task: string;
  output: string;
  works: boolean;
  note: string;
}

/** Opens a page, presses Run in its widget and checks the output; returns what happened. */
async function runTry(
  page: Page,
  pathname: string,
  fill?: (form: ReturnType<Page["locator"]>) => Promise<void>,
): Promise<Outcome & { form: string }> {
  await page.goto(e2e.hub.url + pathname);
  await hydrated(page);
  const widget = page.locator(".inference-widget");
  await widget.waitFor();
  const form = widget.locator("form.try-it");
  const task = pathname.split("/").pop() ?? pathname;
  if ((await form.count()) === 0) {
    return {
      task,
      output: "-",
      form: "-",
      works: false,
      note: (await widget.locator("p.muted").last().textContent()) ?? "",
    };
  }
  const fields = await form.locator(".try-fields > *").evaluateAll((elements) =>
    elements.map((element) => {
      if (element.querySelector('input[type="file"]'))
        return element.querySelector("label")?.textContent?.trim() + " file";
      if (element.querySelector("table")) return "table";
      if (element.querySelector(".field-list")) return `${element.querySelector("legend")?.textContent} list`;
      return element.querySelector("label")?.textContent?.trim() ?? "?";
    }),
  );
  await fill?.(form);
  await form.getByRole("button", { name: "Run", exact: true }).click();
  const result = form.locator(".try-result");
  const error = form.locator(".try-output [role=alert]");
  await Promise.race([result.waitFor({ timeout: 20_000 }), error.waitFor({ timeout: 20_000 })]);
  if ((await error.count()) > 0) {
    return {
      task,
      output: "error",
      form: fields.join(" + "),
      works: false,
      note: (await error.textContent()) ?? "",
    };
  }
  const output = (await result.getAttribute("data-output")) ?? "?";
  // A streamed chat is done when Run is back.
  await form.getByRole("button", { name: "Run", exact: true }).waitFor();
  await OUTPUT_CHECKS[output](result);
  return { task, output, form: fields.join(" + "), works: true, note: "" };
}

describe("Try it in Chromium", () => {
  it("every task page: Run with the defaults shows the task's output; fits a phone; axe clean", async () => {
    const context = await e2e.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // Hydration mismatches and React errors surface as console errors (failed fetches are the pages' own business).
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        errors.push(`${page.url()}: ${message.text()}`);
    });
    const tasks = Object.keys(
      (await (await fetch(`${e2e.hub.url}/api/tasks`)).json()) as Record<string, unknown>,
    ).sort();
    expect(tasks.length).toBeGreaterThan(40);
    const outcomes: (Outcome & { form: string })[] = [];
    const problems: string[] = [];
    for (const task of tasks) {
      const outcome = await runTry(page, `/tasks/${task}`);
      outcomes.push(outcome);
      const wide = await overflowing(page, PHONE.width);
      if (wide.length > 0) problems.push(`${task} overflows at 390 px: ${wide.join(" | ")}`);
      const violations = await axeViolations(page);
      if (violations.length > 0) problems.push(`${task} axe: ${violations.join(" | ")}`);
    }
    console.log(
      [
        "task | input form | renderer | works",
        ...outcomes.map(
          (o) => `${o.task} | ${o.form} | ${o.output} | ${o.works ? "yes" : `no: ${o.note.slice(0, 120)}`}`,
        ),
      ].join("\n"),
    );
    expect(problems).toEqual([]);
    expect(outcomes.filter((o) => !o.works && RUNNABLE.includes(o.task))).toEqual([]);
    // Pages that cannot run say why instead of failing on Run.
    for (const outcome of outcomes.filter((o) => !o.works))
      expect(outcome.note).toMatch(/cannot be tried|No inference provider/);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe("Try it: renderers, demos and model pages", () => {
  it("desktop and phone, light and dark: boxes, masks, video with progress, chat, fields", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await e2e.browser.newContext({ viewport });
      const page = await context.newPage();
      const size = viewport === DESKTOP ? "desktop" : "phone";
      // The progress line shows while the fal queue job runs, before the video arrives.
      await page.goto(`${e2e.hub.url}/tasks/text-to-video`);
      await hydrated(page);
      await page.locator("form.try-it").getByRole("button", { name: "Run", exact: true }).click();
      // fal's queue takes a few polls (500 ms apart): the progress line shows meanwhile.
      const progress = page.locator(".try-progress");
      await progress.waitFor({ timeout: 5_000 });
      expect(await progress.textContent()).toMatch(/\d+\.\d s/);
      await progress.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDir, `try-progress-${size}-light.png`) });
      await page.locator(".try-result video").waitFor({ timeout: 20_000 });
      await OUTPUT_CHECKS.video(page.locator(".try-result"));
      await page.locator(".try-result").scrollIntoViewIfNeeded();
      await screenshots(page, `try-text-to-video-${size}`, false);

      for (const task of [
        "object-detection",
        "image-segmentation",
        "image-text-to-text",
        "zero-shot-classification",
        "table-question-answering",
      ]) {
        const outcome = await runTry(page, `/tasks/${task}`);
        expect(outcome.works, `${task}: ${outcome.note}`).toBe(true);
        await page.locator(".inference-widget h3").scrollIntoViewIfNeeded();
        await screenshots(page, `try-${task}-${size}`, false);
        expect(await overflowing(page, viewport.width)).toEqual([]);
      }
      await context.close();
    }
  }, 120_000);

  it("zero-shot classification: candidate labels are fields, prefilled, and the result follows them", async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${e2e.hub.url}/tasks/zero-shot-classification`);
    await hydrated(page);
    const labels = page.getByRole("group", { name: "Candidate labels" }).getByRole("textbox");
    expect(
      await labels.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(["delivery", "billing", "product quality"]);
    await page.getByRole("button", { name: "Add label" }).click();
    await labels.last().fill("shipping");
    await page.getByRole("button", { name: "Remove label 2" }).click();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const names = page.locator(".try-result .label-name");
    await names.first().waitFor();
    expect((await names.allTextContents()).sort()).toEqual(["delivery", "product quality", "shipping"]);
    await context.close();
  });

  it("task demos: the video plays and the 3D model renders in an interactive canvas", async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${e2e.hub.url}/tasks/text-to-video`);
    await hydrated(page);
    const video = page.locator(".demo video");
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.3);

    for (const task of ["text-to-3d", "image-to-3d"]) {
      await page.goto(`${e2e.hub.url}/tasks/${task}`);
      await hydrated(page);
      const viewer = page.locator(".demo .model-viewer");
      await viewer.scrollIntoViewIfNeeded();
      await expect.poll(() => viewer.getAttribute("data-rendered"), { timeout: 20_000 }).toBe("true");
      // The canvas holds a picture, not a blank: count the distinct colours of its pixels.
      const colours = () =>
        viewer.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
          const copy = document.createElement("canvas");
          copy.width = 64;
          copy.height = 48;
          const context2d = copy.getContext("2d")!;
          context2d.drawImage(canvas, 0, 0, 64, 48);
          const data = context2d.getImageData(0, 0, 64, 48).data;
          const seen = new Set<number>();
          for (let i = 0; i < data.length; i += 4)
            if (data[i + 3] > 0) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
          return seen.size;
        });
      expect(await colours()).toBeGreaterThan(10);
      // Dragging turns the model.
      const before = await viewer
        .locator("canvas")
        .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
      const box = (await viewer.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 10, { steps: 5 });
      await page.mouse.up();
      expect(
        await viewer.locator("canvas").evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL()),
      ).not.toBe(before);
      await viewer.scrollIntoViewIfNeeded();
      await screenshots(page, `demo-${task}-desktop`, false);
    }
    await context.close();
  }, 60_000);

  it("model pages: chat (Markdown), vision chat with an image, text-to-image, speech recognition on fal-ai", async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // The emulator answers in Markdown when asked to: bold, a list and inline code are rendered.
    const chat = await runTry(page, "/models/meta-llama/Llama-3.3-70B-Instruct", (form) =>
      form.getByLabel("Message").fill("Three tips for baking bread, in Markdown please"),
    );
    expect(chat.output).toBe("chat");
    const reply = page.locator(".try-result .markdown");
    expect(await reply.locator("li").count()).toBe(3);
    expect(await reply.locator("strong").count()).toBeGreaterThan(2);
    expect(await reply.locator("code").count()).toBe(1);
    expect(await reply.textContent()).not.toContain("**");
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(".inference-widget h3").scrollIntoViewIfNeeded();
    await screenshots(page, "try-model-chat-markdown-desktop", false);

    const vision = await runTry(page, "/models/Qwen/Qwen2.5-VL-7B-Instruct");
    expect([vision.form, vision.output]).toEqual(["Image (optional) file + Message", "chat"]);
    expect(
      await page.locator(".try-it .file-preview").evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await page.locator(".inference-widget h3").scrollIntoViewIfNeeded();
    await screenshots(page, "try-model-vision-chat-desktop", false);

    expect(await axeViolations(page)).toEqual([]);

    const image = await runTry(page, "/models/black-forest-labs/FLUX.1-dev");
    expect(image.output).toBe("image");
    expect(await axeViolations(page)).toEqual([]);

    // The demo FLAC goes to fal-ai, which takes WAV, MP3 and MP4 audio: it is converted in the browser.
    await page.goto(`${e2e.hub.url}/models/openai/whisper-large-v3`);
    await hydrated(page);
    expect(await page.locator(".inference-widget select").first().inputValue()).toBe("fal-ai");
    const speech = await runTry(page, "/models/openai/whisper-large-v3");
    expect([speech.works, speech.output]).toEqual([true, "text"]);
    expect(await axeViolations(page)).toEqual([]);

    // A model no provider serves points at one of its task that a provider serves, which runs.
    await page.goto(`${e2e.hub.url}/models/facebook/bart-base`);
    await hydrated(page);
    const suggestion = page.locator(".inference-widget .hint a");
    await suggestion.waitFor();
    const suggested = (await suggestion.textContent()) ?? "";
    const served = await runTry(page, `/models/${suggested}`);
    expect([served.works, served.output]).toEqual([true, "vector"]);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
