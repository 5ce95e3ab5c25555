// The outbound links of a library or local app: its repository and its documentation.
import { Globe, Store } from "lucide-react";
import type { ReactNode } from "react";

/** A repository link and a docs link, each when there is one (both open in a new tab). */
export function RepoLinks({
  repoUrl,
  repoLabel,
  docsUrl,
  docsLabel = "Docs",
  children,
}: {
  repoUrl?: string;
  repoLabel: ReactNode;
  docsUrl?: string;
  docsLabel?: string;
  /** more after the links (e.g. a badge) */
  children?: ReactNode;
}) {
  return (
    <p className="links">
      {repoUrl && (
        <a href={repoUrl} target="_blank" rel="noreferrer">
          <Store size={16} aria-hidden /> {repoLabel}
        </a>
      )}
      {docsUrl && (
        <a href={docsUrl} target="_blank" rel="noreferrer">
          <Globe size={16} aria-hidden /> {docsLabel}
        </a>
      )}
      {children}
    </p>
  );
}
