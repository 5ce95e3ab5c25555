// "View code": the snippet for exactly the current settings (and conversation, in chat).
import { Eye } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Loading } from "../components/Feedback.js";
import type { HubModel } from "../lib/api.js";
import { policyModelId, policyOf } from "../lib/policies.js";

// The snippet generator and highlight.js load when the code is first asked for.
const SnippetPanel = lazy(() =>
  import("../components/ModelInference.js").then((module) => ({ default: module.SnippetPanel })),
);

interface PlaygroundCodeProps {
  model?: HubModel;
  provider?: string;
  opts: Record<string, unknown>;
  /** text-to-image: the prompt, which the generator writes in place of the example */
  prompt?: string;
}

export function PlaygroundCode({ model: chosen, provider: choice, opts, prompt }: PlaygroundCodeProps) {
  const [shown, setShown] = useState(false);
  // A router policy: the snippet calls the router's chat route with the suffixed model id.
  const policy = policyOf(choice);
  const model = chosen && policy ? { ...chosen, id: policyModelId(chosen.id, policy) } : chosen;
  const provider = policy ? "auto" : choice;
  return (
    <>
      <button
        type="button"
        className="button view-code"
        aria-expanded={shown}
        onClick={() => setShown(!shown)}
      >
        <Eye size={16} aria-hidden /> {shown ? "Hide code" : "View code"}
      </button>
      {shown && model && provider && (
        <div className="playground-code">
          <Suspense fallback={<Loading label="Loading the code…" />}>
            <SnippetPanel
              model={model}
              provider={provider}
              opts={prompt ? { ...opts, inputs: prompt } : opts}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
