// Text to image: prompt, with size, steps, guidance, seed and negative prompt from the settings; the
// result can be downloaded.
import { Download, ImageIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ErrorNotice, Loading } from "../components/Feedback.js";
import type { HubModel } from "../lib/api.js";
import { createClient } from "../lib/inference.js";
import { Composer } from "./Composer.js";
import { PlaygroundCode } from "./PlaygroundCode.js";

/**
 * Parameters as the client takes them (`parameters` of textToImage); unset ones are left out. A type
 * alias, not an interface, so that it fits the client's open parameter record.
 */
export type ImageParameters = {
  width?: number;
  height?: number;
  num_inference_steps?: number;
  guidance_scale?: number;
  seed?: number;
  negative_prompt?: string;
};

interface ImagePanelProps {
  model?: HubModel;
  provider?: string;
  prompt: string;
  onPrompt(prompt: string): void;
  parameters: ImageParameters;
  invalid: boolean;
  token: string;
}

interface Result {
  url: string;
  type: string;
  prompt: string;
  seed?: number;
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** A file name from the prompt: its first words, then the seed when there is one. */
function fileName(result: Result): string {
  const words =
    result.prompt
      .toLowerCase()
      .match(/[a-z0-9]+/g)
      ?.slice(0, 6)
      .join("-") || "image";
  return `${words}${result.seed === undefined ? "" : `-seed${result.seed}`}.${EXTENSIONS[result.type] ?? "png"}`;
}

export function ImagePanel({
  model,
  provider,
  prompt,
  onPrompt,
  parameters,
  invalid,
  token,
}: ImagePanelProps) {
  const ids = useId();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>();
  const [result, setResult] = useState<Result | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => (result ? URL.revokeObjectURL(result.url) : undefined), [result]);

  const generate = async () => {
    if (running || !model || !provider || invalid) return;
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setError(undefined);
    try {
      if (!prompt.trim()) throw new Error("Type a prompt first");
      const client = await createClient(token);
      const blob = await client.textToImage(
        { model: model.id, provider: provider as never, inputs: prompt, parameters },
        { signal: abort.signal },
      );
      setResult({ url: URL.createObjectURL(blob), type: blob.type, prompt, seed: parameters.seed });
    } catch (caught) {
      if (!abort.signal.aborted) setError(caught);
    } finally {
      setRunning(false);
      controller.current = undefined;
    }
  };

  return (
    <>
      <Composer
        id={`${ids}-prompt`}
        label="Prompt"
        rows={3}
        value={prompt}
        onChange={onPrompt}
        onSubmit={() => void generate()}
        running={running}
        onStop={() => controller.current?.abort()}
        submitLabel={
          <>
            <ImageIcon size={16} aria-hidden /> Generate
          </>
        }
        submitDisabled={!provider || invalid}
      >
        {result && !running && (
          <a className="button" href={result.url} download={fileName(result)}>
            <Download size={16} aria-hidden /> Download
          </a>
        )}
      </Composer>
      {running && <Loading label="Generating the image…" />}
      {error !== undefined && <ErrorNotice error={error} context="The call failed" />}
      {result && (
        <figure className="result-figure">
          <img className="result-image" src={result.url} alt={`Generated for: ${result.prompt}`} />
          <figcaption className="muted">
            {result.prompt}
            {result.seed !== undefined && ` · seed ${result.seed}`}
          </figcaption>
        </figure>
      )}
      <PlaygroundCode model={model} provider={provider} opts={{}} prompt={prompt} />
    </>
  );
}
