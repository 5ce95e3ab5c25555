import { it } from "vitest";
import { snippets } from "@hubkit/inference";
it("prints", () => {
  const cases: [any, string, any, string?, any?][] = [
    [
      { id: "meta-llama/Llama-3.3-70B-Instruct", pipeline_tag: "text-generation", tags: ["conversational"] },
      "hf_abc",
      "together",
      "meta-llama/Llama-3.3-70B-Instruct-Turbo",
      { streaming: true, billTo: "acme" },
    ],
    [
      { id: "black-forest-labs/FLUX.1-dev", pipeline_tag: "text-to-image", tags: [] },
      "",
      "black-forest-labs",
      "flux-dev",
    ],
    [
      { id: "openai/clip-vit-large-patch14", pipeline_tag: "zero-shot-image-classification", tags: [] },
      "hf_abc",
      "hf-inference",
    ],
    [
      { id: "google/vit-base-patch16-224", pipeline_tag: "image-classification", tags: [] },
      "",
      "hf-inference",
    ],
  ];
  for (const c of cases)
    for (const s of snippets.getInferenceSnippets(...c))
      console.log(`=== ${s.language}/${s.client}\n${s.content}\n`);
});
