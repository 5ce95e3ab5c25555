// A library's sample snippets as the hub generated them for one model (GET /api/libraries/{id}).
import { Link } from "react-router";
import type { LibrarySample } from "../lib/api.js";
import { CodeBlock } from "./CodeBlock.js";
import { ErrorNotice } from "./Feedback.js";

/** Which model the snippets are for (a catalogue model, or a stand-in id), then the snippets. */
export function SampleSnippets({
  sample,
  libraryLabel,
  lead,
}: {
  sample: LibrarySample;
  /** the library's name, for the code blocks' labels */
  libraryLabel: string;
  /** what comes before a catalogue model's id ("For", …) */
  lead: string;
}) {
  return (
    <>
      <p className="hint">
        {sample.inCatalogue ? (
          <>
            {lead} <Link to={`/models/${sample.modelId}`}>{sample.modelId}</Link>
          </>
        ) : (
          <>
            For a stand-in id, <code>{sample.modelId}</code>: the catalogue has no model of this library
          </>
        )}
      </p>
      {sample.error && <ErrorNotice error={new Error(sample.error)} context="Snippet" />}
      {sample.snippets.map((code, index) => (
        <CodeBlock key={index} code={code} language="auto" label={`${libraryLabel} snippet ${index + 1}`} />
      ))}
    </>
  );
}
