// Hub look-ups: how many requests reach the hub (a counting loopback stand-in) when one process
// makes 100 chat calls to one model on a third-party provider, and 10 text-to-image calls.
import { runWorker } from "../lib/child.mjs";
import { ratio } from "../lib/stats.mjs";

export const title = "hub look-ups";

const CHAT_CALLS = 100;
const IMAGE_CALLS = 10;

export async function run() {
  const ours = await runWorker("hub-lookups", ["ours", String(CHAT_CALLS), String(IMAGE_CALLS)]);
  const reference = await runWorker("hub-lookups", ["reference", String(CHAT_CALLS), String(IMAGE_CALLS)]);
  const cell = (result, name) => {
    const figure = result[name];
    return figure.ok === figure.calls
      ? `${figure.hubLookups}`
      : `${figure.hubLookups} (${figure.calls - figure.ok} calls failed)`;
  };
  return {
    rows: [
      {
        figure: `hub look-ups, ${CHAT_CALLS} chat calls to one model (together)`,
        ours: cell(ours, "chat"),
        reference: cell(reference, "chat"),
        ratio: ratio(ours.chat.hubLookups, reference.chat.hubLookups),
        target: "1",
        met: ours.chat.hubLookups === 1 && ours.chat.ok === CHAT_CALLS,
      },
      {
        figure: `  hub look-ups, ${IMAGE_CALLS} text-to-image calls (together)`,
        ours: cell(ours, "image"),
        reference: cell(reference, "image"),
        ratio: ratio(ours.image.hubLookups, reference.image.hubLookups),
        target: "1",
        met: ours.image.hubLookups === 1 && ours.image.ok === IMAGE_CALLS,
      },
    ],
    details: [
      `requests per path, ours: ${JSON.stringify(ours.paths)}`,
      `requests per path, reference: ${JSON.stringify(reference.paths)}`,
      ...[
        ...ours.errors.map((e) => `ours error: ${e}`),
        ...reference.errors.map((e) => `reference error: ${e}`),
      ],
    ],
  };
}
