// Loading and error states shared by every page.
import { AlertTriangle, LoaderCircle } from "lucide-react";
import { describeError } from "../lib/inference.js";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <LoaderCircle size={18} className="spin" aria-hidden /> {label}
    </p>
  );
}

/** A failed call, shown with the client's own message (never a blank panel). */
export function ErrorNotice({ error, context }: { error: unknown; context?: string }) {
  const { title, message, details } = describeError(error);
  return (
    <div className="error-notice" role="alert">
      <AlertTriangle size={18} aria-hidden />
      <div>
        <p className="error-title">
          {context ? `${context}: ` : ""}
          {title}
        </p>
        <p className="error-message">{message}</p>
        {details.length > 0 && <p className="error-details">{details.join(" · ")}</p>}
      </div>
    </div>
  );
}
