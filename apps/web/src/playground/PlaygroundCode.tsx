// "View code": the snippet for exactly the current settings (and conversation, in chat).
import { Eye } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Loading } from "../components/Feedback.js";
import type { HubModel } from "../lib/api.js";

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

export function PlaygroundCode({ model, provider, opts, prompt }: PlaygroundCodeProps) {
  const [shown, setShown] = useState(false);
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
