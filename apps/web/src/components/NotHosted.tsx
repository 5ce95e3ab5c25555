// What a page says of a model the hub holds no files for (an embedded catalogue model: metadata
// only), and the URL parameters of the hosted repos' file browser (RepoBrowser.tsx, a separate chunk
// that pages load only for hosted repos).

/** URL parameters the file browser keeps its state in (pages leave them out of their revalidation). */
export const REPO_BROWSER_PARAMS = ["rev", "path", "preview"];

export function NotHosted({ kind }: { kind: "model" | "dataset" }) {
  return (
    <p className="muted not-hosted" data-testid="not-hosted">
      No files are hosted on this hub for this {kind}: the catalogue holds its metadata only.
    </p>
  );
}
