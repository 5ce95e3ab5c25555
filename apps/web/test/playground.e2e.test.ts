// End-to-end for the playground: the real hub server (offline, the provider emulator in-process)
// serves the built app to headless Chromium. Each test gets a fresh browser context, so saved
// conversations never leak from one test to the next. What the browser sent is checked in the
// emulator's request log. Screenshots (1440×900 and 390×844, light and dark) go to screenshots/.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { HubServer } from "@hubkit/hub";
import { InferenceClient } from "@hubkit/inference";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  hydrated,
  pageLog,
  PHONE,
  repoRoot,
  screenshots,
  settled,
  startE2E,
  watchPage,
  type E2E,
} from "./e2e-setup.js";

const VISION_MODEL = "Qwen/Qwen2.5-VL-7B-Instruct";
const IMAGE_FILE = path.join(repoRoot, "packages/tasks/assets/demo/image-text-to-text-input.png");

let e2e: E2E;
let hub: HubServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const log = pageLog();
const { pageErrors } = log;

beforeAll(async () => {
  // The default stream interval (30 ms between tokens), as `npm start` serves the app.
  e2e = await startE2E();
  ({ hub, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
  expect(pageErrors).toEqual([]);
});

afterEach(async () => {
  for (const entry of contexts.splice(0)) await entry.close();
});

/** A page in a fresh context (empty localStorage), at `viewport`. */
async function open(pathname: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  contexts.push(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: hub.url });
  const page = await context.newPage();
  watchPage(page, pathname, log);
  await page.goto(hub.url + pathname);
  // The app hydrates after the first paint: the tests act once it has (the mode badge is rendered by an
  // effect); those about edits before hydration load the page themselves.
  await hydrated(page);
  return page;
}

/**
 * Waits until the app has hydrated (the mode badge comes from an effect: a field set before then is
 * not in the state) and a provider is picked (the model's mapping is known).
 */
async function ready(page: Page, label = "Provider"): Promise<void> {
  await hydrated(page);
  await expect
    .poll(() => page.getByLabel(label, { exact: true }).locator("option").count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

/** Sends `text` and waits for the reply to finish streaming; returns the last assistant message. */
async function ask(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("button", { name: "Send", exact: true }).waitFor();
  await expect.poll(() => page.getByTestId("streaming").count(), { timeout: 15_000 }).toBe(0);
  return page.locator(".message.assistant").last();
}

type ChatBody = {
  model: string;
  stream?: boolean;
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string } }[];
  }[];
};
/** The emulator's log keeps the last 1000 requests: sequence numbers, not positions, say what is new. */
const lastSeq = () => hub.emulator!.requests.at(-1)?.seq ?? 0;
const requestsSince = (seq: number) => hub.emulator!.requests.filter((request) => request.seq > seq);
const chatRequests = (since = 0) =>
  requestsSince(since).filter((request) => request.path.endsWith("/chat/completions"));

// Several streamed replies per test, on a machine other work shares.
describe("playground in Chromium", { timeout: 60_000 }, () => {
  it("chat streams, shows usage and speed; View code reflects the settings; a reload keeps the conversation", async () => {
    const page = await open("/playground?temperature=0.5&max_tokens=64&system=Be%20brief.");
    await ready(page);
    expect(await page.getByLabel("System prompt").inputValue()).toBe("Be brief.");
    await page.getByLabel("Top p").fill("0.9");
    await expect.poll(() => new URL(page.url()).searchParams.get("top_p")).toBe("0.9");
    // An empty conversation says what will appear; the line goes with the first message.
    expect(await page.locator(".chat-empty").textContent()).toContain("Replies stream in here");
    const reply = await ask(page, "Name three primary colours.");
    expect(await page.locator(".chat-empty").count()).toBe(0);
    expect(((await reply.locator(".markdown").textContent()) ?? "").length).toBeGreaterThan(0);
    expect(await page.getByTestId("usage").textContent()).toMatch(/\d+ prompt · \d+ completion · \d+ total/);
    expect(await reply.locator('[data-figure="ttft"]').textContent()).toMatch(/^\d+\.\d\d s$/);
    expect(await reply.locator('[data-figure="rate"]').textContent()).toMatch(/^\d+\.\d tok\/s$/);

    await page.getByRole("button", { name: "View code" }).click();
    const code = page.locator(".playground-code .code-block pre").first();
    await code.waitFor();
    const text = (await code.textContent()) ?? "";
    for (const expected of ["Be brief.", "Name three primary colours.", "0.5", "64", "0.9"]) {
      expect(text).toContain(expected);
    }
    const replyText = await reply.locator(".markdown").textContent();
    await screenshots(page, "playground-chat");

    // Reload: the conversation, its reply and the list entry are still there.
    await page.reload();
    await ready(page);
    const user = page.locator(".message.user");
    await user.first().waitFor();
    expect(await user.first().textContent()).toContain("Name three primary colours.");
    expect(await page.locator(".message.assistant .markdown").last().textContent()).toBe(replyText);
    const list = page.getByRole("navigation", { name: "Saved conversations" });
    expect(await list.locator(".conversation-title").allTextContents()).toEqual([
      "Name three primary colours.",
    ]);

    // A second conversation, then back to the first; then delete the second.
    await page.getByRole("button", { name: "New chat" }).click();
    expect(await page.locator(".message").count()).toBe(0);
    await ask(page, "Describe a lighthouse.");
    expect(await list.locator(".conversation-title").allTextContents()).toEqual([
      "Describe a lighthouse.",
      "Name three primary colours.",
    ]);
    await list.locator(".conversation-open", { hasText: "Name three primary colours." }).click();
    expect(await page.locator(".message.user").first().textContent()).toContain(
      "Name three primary colours.",
    );
    await list.getByRole("button", { name: "Delete conversation “Describe a lighthouse.”" }).click();
    await page.reload();
    await page.locator(".message.user").first().waitFor();
    expect(await list.locator(".conversation-title").allTextContents()).toEqual([
      "Name three primary colours.",
    ]);
  });

  /** A page whose app chunk is not delivered until `release()`: the server's HTML only, not hydrated. */
  async function pageWithAppHeld() {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`/playground: ${error.message}`));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return { page, release };
  }

  it("a message typed before the app hydrated is kept and sent", async () => {
    // The app's main chunk is held until the message is typed into the server-rendered composer.
    const { page, release } = await pageWithAppHeld();
    await page.goto(`${hub.url}/playground`, { waitUntil: "domcontentloaded" });
    const box = page.getByLabel("Message", { exact: true });
    await box.fill("Typed before hydration.");
    expect(await page.getByTestId("mode-badge").count()).toBe(0); // not hydrated yet
    release();
    await page.getByTestId("mode-badge").waitFor();
    await ready(page);
    expect(await box.inputValue()).toBe("Typed before hydration.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.locator(".message.user").first().waitFor();
    expect(await page.locator(".message.user").first().textContent()).toContain("Typed before hydration.");
  });

  it("settings edited before the app hydrated are kept and sent", async () => {
    // The app's main chunk is held until the server-rendered settings have been edited.
    const { page, release } = await pageWithAppHeld();
    await page.goto(`${hub.url}/playground?temperature=0.5`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("System prompt").fill("Answer in one word.");
    await page.getByLabel("Temperature").fill("1.3");
    await page.getByLabel("Max tokens").fill("77");
    await page.getByLabel("Top p").fill("0.35");
    expect(await page.getByTestId("mode-badge").count()).toBe(0); // not hydrated yet
    release();
    await ready(page);
    // In the URL (the settings' state), in the fields, and in what is sent.
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toMatchObject({ system: "Answer in one word.", temperature: "1.3", max_tokens: "77", top_p: "0.35" });
    expect(await page.getByLabel("Top p").inputValue()).toBe("0.35");
    expect(await page.getByLabel("Temperature").inputValue()).toBe("1.3");
    const before = lastSeq();
    await ask(page, "Name a colour.");
    const sent = chatRequests(before).at(-1)!.body as ChatBody & Record<string, unknown>;
    expect(sent).toMatchObject({ temperature: 1.3, max_tokens: 77, top_p: 0.35 });
    expect(sent.messages[0]).toEqual({ role: "system", content: "Answer in one word." });
  });

  it("edit, regenerate, delete and copy a message", async () => {
    const page = await open("/playground");
    await ready(page);
    const reply = await ask(page, "Tell me about rivers.");
    const first = await reply.locator(".markdown").textContent();

    // Copy the reply.
    await reply.getByRole("button", { name: "Copy the reply" }).click();
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(first?.trim());

    // Edit the question, then regenerate: the model is asked the edited question.
    const question = page.locator(".message.user").first();
    await question.getByRole("button", { name: "Edit your message" }).click();
    await question.getByLabel("Edit your message").fill("Tell me about mountains.");
    await question.getByRole("button", { name: "Save" }).click();
    expect(await question.locator("p").textContent()).toBe("Tell me about mountains.");
    const before = lastSeq();
    await page.locator(".message.assistant").getByRole("button", { name: "Regenerate the reply" }).click();
    await expect.poll(() => chatRequests(before).length, { timeout: 10_000 }).toBe(1);
    await page.getByRole("button", { name: "Send", exact: true }).waitFor();
    const sent = chatRequests().at(-1)!.body as ChatBody;
    expect(sent.messages.map((message) => message.content)).toEqual(["Tell me about mountains."]);
    expect(await page.locator(".message").count()).toBe(2);
    const second = await page.locator(".message.assistant .markdown").textContent();
    expect(second).not.toBe(first);
    expect(second).toContain("mountains");

    // Delete the reply; the deletion is saved.
    await page.locator(".message.assistant").getByRole("button", { name: "Delete the reply" }).click();
    expect(await page.locator(".message.assistant").count()).toBe(0);
    await page.reload();
    await page.locator(".message.user").waitFor();
    expect(await page.locator(".message").count()).toBe(1);
    // The conversation ends with a question: it can be asked again.
    await page.getByRole("button", { name: "Ask for a reply again" }).click();
    await page.locator(".message.assistant").waitFor();
    await expect.poll(() => page.getByTestId("streaming").count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator(".message.assistant .markdown").textContent()).toBe(second);
  });

  it("Markdown: bold, highlighted code, a table and collapsed reasoning render; raw HTML does not", async () => {
    const page = await open("/playground");
    await ready(page);
    const reply = await ask(page, "Show me some formatting.");
    const markdown = [
      "<think>The user wants **formatting**; plan a table.</think>",
      "Here is **bold** text and `inline code`.",
      "",
      "```python",
      "def greet(name):",
      '    return f"hello {name}"',
      "```",
      "",
      "| colour | hex |",
      "| --- | --- |",
      "| red | #f00 |",
      "",
      '<img src="x" onerror="window.__injected = 1"> <script>window.__injected = 2</script>',
      "[a bad link](javascript:window.__injected=3) and [a good one](https://huggingface.co)",
    ].join("\n");
    await reply.getByRole("button", { name: "Edit the reply" }).click();
    await reply.getByLabel("Edit the reply").fill(markdown);
    await reply.getByRole("button", { name: "Save" }).click();

    const body = page.locator(".message.assistant .reply");
    await body.locator(":scope > .markdown strong").first().waitFor();
    expect(await body.locator(":scope > .markdown strong").first().textContent()).toBe("bold");
    expect(await body.locator("code").first().textContent()).toBe("inline code");
    // Highlighted: highlight.js spans for the keyword and the string.
    const code = body.locator(".md-code pre code");
    expect(await code.locator(".hljs-keyword").first().textContent()).toBe("def");
    expect(await code.locator(".hljs-string").count()).toBeGreaterThan(0);
    expect(await body.locator("table th").allTextContents()).toEqual(["colour", "hex"]);
    expect(await body.locator("table td").allTextContents()).toEqual(["red", "#f00"]);
    // Reasoning: collapsed, its text inside the <details>.
    const reasoning = body.locator("details.reasoning");
    expect(await reasoning.evaluate((element: HTMLDetailsElement) => element.open)).toBe(false);
    expect(await reasoning.locator("summary").textContent()).toContain("Reasoning");
    expect(await reasoning.locator(".markdown").textContent()).toContain("plan a table");
    expect(await reasoning.locator(".markdown").isVisible()).toBe(false);
    await reasoning.locator("summary").click();
    expect(await reasoning.locator(".markdown").isVisible()).toBe(true);
    // Raw HTML is text, not elements; the javascript: link is not a link.
    expect(await body.locator("img, script").count()).toBe(0);
    expect(await body.textContent()).toContain('<img src="x"');
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    expect(await body.getByText("a bad link").evaluate((element) => element.closest("a"))).toBeNull();
    expect(await body.getByRole("link", { name: "a good one" }).getAttribute("href")).toBe(
      "https://huggingface.co",
    );
    // The code block's copy button.
    await body.getByRole("button", { name: "Copy the code" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("def greet(name):");
    await screenshots(page, "playground-markdown");
  });

  it("Stop mid-stream keeps the partial reply, no token arrives after it", async () => {
    const page = await open("/playground");
    await ready(page);
    const model = await page.getByLabel("Model").inputValue();
    const provider = await page.getByLabel("Provider").inputValue();
    // The emulator's reply is seeded by the conversation (12-40 tokens, 30 ms apart): take a prompt
    // whose full reply, asked once without streaming, is long enough to stop in the middle.
    const client = new InferenceClient("hf_e2eStop", { hubUrl: hub.url, routerUrl: `${hub.url}/router` });
    let prompt = "";
    let full = "";
    for (const candidate of [
      "Tell me about lighthouses.",
      "Describe the sea.",
      "Explain tides.",
      "Name rivers.",
    ]) {
      const out = await client.chatCompletion({
        model,
        provider: provider as never,
        messages: [{ role: "user", content: candidate }],
        max_tokens: 512,
      });
      full = out.choices[0].message.content ?? "";
      prompt = candidate;
      if (full.split(" ").length >= 25) break;
    }
    expect(full.split(" ").length, "a candidate prompt with a long reply").toBeGreaterThanOrEqual(25);

    await page.getByLabel("Message", { exact: true }).fill(prompt);
    const earlier = new Set(hub.proxyExchanges);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    // Press Stop from inside the page as soon as three words are on screen: a round trip from the test
    // on a busy machine can take longer than the rest of the stream.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const started = performance.now();
          const tick = () => {
            const text = document.querySelector('[data-testid="streaming"] p')?.textContent ?? "";
            if (text.split(" ").length >= 3) {
              const stop = [...document.querySelectorAll("button")].find(
                (b) => b.textContent?.trim() === "Stop",
              );
              stop?.click();
              resolve();
            } else if (performance.now() - started > 10_000) reject(new Error("no three words in 10 s"));
            else requestAnimationFrame(tick);
          };
          tick();
        }),
    );
    const reply = page.locator(".message.assistant").last();
    await page.getByRole("button", { name: "Send", exact: true }).waitFor();
    const partial = (await reply.locator("p").textContent()) ?? "";
    expect(partial.split(" ").length).toBeGreaterThanOrEqual(3);
    expect(partial.length).toBeLessThan(full.length);
    expect(full.startsWith(partial)).toBe(true);
    expect(await reply.locator(".badge").textContent()).toBe("stopped");
    expect(await page.getByTestId("stopped").textContent()).toContain(
      "Stopped: the reply ends where you pressed Stop",
    );
    await screenshots(page, "playground-stopped");
    // Once the hub has seen the browser close the stream, nothing more can arrive: then the reply
    // must still be the partial one.
    const chats = () =>
      hub.proxyExchanges.filter(
        (exchange) => !earlier.has(exchange) && exchange.path.endsWith("/chat/completions"),
      );
    await expect.poll(() => chats().at(-1)?.outcome, { timeout: 10_000 }).toBe("client-closed");
    await settled(page);
    expect(await reply.locator("p").textContent()).toBe(partial);
    expect(await page.getByTestId("usage").count()).toBe(0);
    expect(await page.locator(".error-notice").count()).toBe(0);
    const sent = chatRequests().at(-1)!.body as ChatBody;
    expect(sent.stream).toBe(true);
    expect(sent.messages.at(-1)?.content).toBe(prompt);
  });

  it("Stop before the first token (slow model) says so", async () => {
    const page = await open(`/playground?model=${encodeURIComponent("hubkit-faults/slow")}`);
    await ready(page);
    await page.getByLabel("Message", { exact: true }).fill("Take your time.");
    const earlier = new Set(hub.proxyExchanges);
    const seq = lastSeq();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    // Stop once the provider has the request (it answers 1.5 s later): a Stop pressed before the
    // request left the browser never reaches the hub, and the hub would have no exchange to report.
    await expect.poll(() => chatRequests(seq).length, { timeout: 10_000 }).toBe(1);
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("button", { name: "Send", exact: true }).waitFor();
    expect(await page.getByTestId("stopped").textContent()).toContain(
      "Stopped before the model sent anything",
    );
    // The slow model answers after 1.5 s; once the hub has seen the browser close the request,
    // that answer can no longer reach the page.
    const slowChats = () =>
      hub.proxyExchanges.filter(
        (exchange) => !earlier.has(exchange) && exchange.path.endsWith("/chat/completions"),
      );
    await expect.poll(() => slowChats().at(-1)?.outcome, { timeout: 10_000 }).toBe("client-closed");
    await settled(page);
    expect(await page.locator(".message.assistant").count()).toBe(0);
    expect(await page.locator(".error-notice").count()).toBe(0);
  });

  it("model picker: search by name or provider, pick with the keyboard", async () => {
    const page = await open("/playground");
    await ready(page);
    const picker = page.getByRole("combobox", { name: "Model" });
    await picker.click();
    await picker.fill("qwen vl");
    const options = page.getByRole("listbox").getByRole("option");
    const visionIds = async () => {
      const ids = await options.locator(".model-option-id").allTextContents();
      return ids.every((id) => /qwen.*vl/.test(id.toLowerCase())) ? ids.length : 0;
    };
    await expect.poll(visionIds).toBeGreaterThan(1);
    expect(await options.first().textContent()).toMatch(/vision.*provider/);
    await screenshots(page, "playground-model-picker");
    await picker.fill("cohere");
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain("cohere");
    await picker.fill("qwen2.5-vl-7b");
    // the list has caught up with the query before the keys are pressed
    await expect.poll(() => options.locator(".model-option-id").allTextContents()).toEqual([VISION_MODEL]);
    await picker.press("ArrowDown");
    // Enter picks the active option: wait until that is the filtered one (aria-activedescendant),
    // so the key never lands on a list that is still catching up (or was reopened unfiltered).
    const activeOption = async () => {
      const activeId = await picker.getAttribute("aria-activedescendant");
      return activeId ? page.locator(`[id="${activeId}"] .model-option-id`).textContent() : null;
    };
    await expect.poll(activeOption).toBe(VISION_MODEL);
    await picker.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("model")).toBe(VISION_MODEL);
    // The field follows the picked model once React has re-rendered after the navigation.
    await expect.poll(() => picker.inputValue()).toBe(VISION_MODEL);
    expect(await page.getByRole("listbox").count()).toBe(0);
    await ready(page);
    expect(await page.locator(".model-facts").textContent()).toContain("takes images");
  });

  it("an attached image is sent as an image_url content part (data: URL)", async () => {
    const page = await open(`/playground?model=${encodeURIComponent(VISION_MODEL)}`);
    await ready(page);
    await page.locator('input[type="file"]').setInputFiles(IMAGE_FILE);
    await page.getByRole("list", { name: "Attached images" }).locator("img").waitFor();
    const reply = await ask(page, "What is in this picture?");
    expect(await reply.locator(".markdown").textContent()).not.toBe("");
    const sent = chatRequests().at(-1)!.body as ChatBody;
    const content = sent.messages.at(-1)!.content;
    expect(Array.isArray(content)).toBe(true);
    const parts = content as Exclude<ChatBody["messages"][number]["content"], string>;
    expect(parts[0]).toEqual({ type: "text", text: "What is in this picture?" });
    expect(parts[1].type).toBe("image_url");
    // The small PNG goes as it is.
    expect(parts[1].image_url!.url).toBe(
      `data:image/png;base64,${readFileSync(IMAGE_FILE).toString("base64")}`,
    );
    await page.locator(".message.user img.message-image").waitFor();
    await page.reload();
    await page.locator(".message.user img.message-image").waitFor();
  });

  it("compare: two models answer the same prompt side by side, each with its figures", async () => {
    const page = await open("/playground?mode=compare");
    await ready(page, "Provider A");
    await ready(page, "Provider B");
    const modelA = await page.getByRole("combobox", { name: "Model A" }).inputValue();
    const modelB = await page.getByRole("combobox", { name: "Model B" }).inputValue();
    expect(modelA).not.toBe(modelB);
    const before = lastSeq();
    await page.getByLabel("Message to both").fill("Compare the sea and the sky.");
    await page.getByRole("button", { name: "Send to both" }).click();
    // Both stream at the same time.
    await expect
      .poll(() => page.locator(".compare-side .message.streaming").count(), { timeout: 10_000 })
      .toBe(2);
    await page.getByRole("button", { name: "Send to both" }).waitFor();
    for (const side of ["A", "B"]) {
      const reply = page.locator(`[data-side="${side}"] .message.assistant`);
      expect(((await reply.locator(".markdown").textContent()) ?? "").length).toBeGreaterThan(0);
      expect(await reply.locator('[data-figure="ttft"]').textContent()).toMatch(/^\d+\.\d\d s$/);
      expect(await reply.locator('[data-figure="total"]').textContent()).toMatch(/^\d+\.\d\d s$/);
      expect(await reply.locator('[data-figure="rate"]').textContent()).toMatch(/^\d+\.\d tok\/s$/);
    }
    // The two models answer differently (the emulator's replies depend on the model and provider).
    const replies = await page.locator(".compare-side .message.assistant .markdown").allTextContents();
    expect(replies).toHaveLength(2);
    expect(replies[0]).not.toBe(replies[1]);
    const sent = chatRequests(before).map((request) => (request.body as ChatBody).model);
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
    await screenshots(page, "playground-compare");

    // Same model, two providers.
    const pickerB = page.getByRole("combobox", { name: "Model B" });
    await pickerB.click();
    await pickerB.fill(modelA);
    await page
      .getByRole("option", { name: new RegExp(modelA.replace(/[.]/g, "\\.")) })
      .first()
      .click();
    await ready(page, "Provider B");
    const providers = await page.getByLabel("Provider B").locator("option").allTextContents();
    await page.getByLabel("Provider B").selectOption(providers[1]);
    await expect.poll(() => new URL(page.url()).searchParams.get("provider_b")).toBe(providers[1]);
    await page.getByRole("button", { name: "New comparison" }).click();
    await page.getByLabel("Message to both").fill("Which provider is faster?");
    await page.getByRole("button", { name: "Send to both" }).click();
    await expect
      .poll(() => page.locator(".compare-side .message.assistant").count(), { timeout: 15_000 })
      .toBe(2);
    await page.getByRole("button", { name: "Send to both" }).waitFor();
    const last = hub.proxyExchanges
      .filter((exchange) => exchange.path.endsWith("/chat/completions"))
      .slice(-2);
    expect(new Set(last.map((exchange) => exchange.path.split("/")[2])).size).toBe(2);
    // One model on two providers: two answers too.
    const again = await page.locator(".compare-side .message.assistant .markdown").allTextContents();
    expect(again).toHaveLength(2);
    expect(again[0]).not.toBe(again[1]);
  });

  it("text-to-image sends size, steps, guidance, seed and negative prompt; the image downloads", async () => {
    const page = await open(`/playground?mode=image&prompt=${encodeURIComponent("A lighthouse at dawn")}`);
    await ready(page);
    expect(await page.getByLabel("Prompt", { exact: true }).inputValue()).toBe("A lighthouse at dawn");
    await page.getByLabel("Size").selectOption("768x1024");
    await page.getByLabel("Steps").fill("20");
    await page.getByLabel("Guidance").fill("4.5");
    await page.getByLabel("Seed").fill("42");
    await page.getByLabel("Negative prompt").fill("blurry, text");
    await expect.poll(() => new URL(page.url()).searchParams.get("negative_prompt")).toBe("blurry, text");
    const provider = await page.getByLabel("Provider").inputValue();
    const before = lastSeq();
    await page.getByRole("button", { name: "Generate" }).click();
    const image = page.locator(".result-image");
    await image.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The provider's request carries every parameter (fal-ai takes them at the top level).
    const request = requestsSince(before).find((entry) => entry.method === "POST");
    expect(provider).toBe("fal-ai");
    expect(request?.body, JSON.stringify(request)).toMatchObject({
      prompt: "A lighthouse at dawn",
      width: 768,
      height: 1024,
      num_inference_steps: 20,
      guidance_scale: 4.5,
      seed: 42,
      negative_prompt: "blurry, text",
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^a-lighthouse-at-dawn-seed42\.(png|jpg|webp)$/);
    const saved = path.join(e2e.dataDir, download.suggestedFilename());
    await download.saveAs(saved);
    // The file is the PNG shown: same size as the image on screen, which is the size asked for.
    const bytes = readFileSync(saved);
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    const shown = await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual(shown);
    expect(shown).toEqual([768, 1024]);
    await page.getByRole("button", { name: "View code" }).click();
    await page.locator(".playground-code .code-block pre").first().waitFor();
    expect(await page.locator(".playground-code .code-block pre").first().textContent()).toContain(
      "A lighthouse at dawn",
    );
    await screenshots(page, "playground-image");
  });

  it("phone (390×844): the composer is in view, settings open in a drawer", async () => {
    const page = await open("/playground", PHONE);
    await ready(page);
    const composer = page.getByLabel("Message", { exact: true });
    const inView = async () => {
      const box = await composer.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    expect(await inView()).toBe(true);
    // Settings are hidden until the drawer opens.
    expect(await page.getByLabel("System prompt").isVisible()).toBe(false);
    for (const text of ["Tell me about lighthouses.", "And about harbours?", "And about ships?"])
      await ask(page, text);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(PHONE.height);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inView()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await inView()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshots(page, "playground-phone", false);

    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("System prompt").waitFor({ state: "visible" });
    await settled(page);
    await screenshots(page, "playground-phone-settings", false);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByLabel("System prompt").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Settings");
  });
});
