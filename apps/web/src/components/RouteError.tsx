// The error boundary of every route: a failed loader or a render error shows a readable page in the
// frame, with Retry (runs the page's loaders again) and the technical details (error class, HTTP
// status, the server's message) folded away behind "Details". A 404 is the one "not found" page
// (NotFound.tsx), with the details and without Retry, which could only find nothing again.
import { AlertTriangle, ArrowRight, RotateCw } from "lucide-react";
import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError } from "react-router";
import { describeError } from "../lib/inference.js";
import { NotFound } from "./NotFound.js";
import { useRetryWhenSignedIn } from "../lib/retry-signed-in.js";
import { useTitle } from "../lib/title.js";

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** The page's heading and explanation, in words, from the HTTP status. */
function explain(status: number | undefined, pathname: string): { heading: string; text: string } {
  const [, section, ...rest] = pathname.split("/");
  const name = safeDecode(rest.join("/"));
  const thing =
    section === "models" && name
      ? "model"
      : section === "tasks" && name
        ? "task"
        : section === "libraries" && name
          ? "library"
          : "page";
  if (status === 404) {
    return {
      heading: `This ${thing} was not found`,
      text:
        thing === "page"
          ? "There is no page at this address. Check the spelling, or search from the header."
          : `There is no ${thing} named “${name}”. Check the spelling, or search for it from the header.`,
    };
  }
  if (status === 0) {
    return {
      heading: "The hub server could not be reached",
      text: "Check that the hub server is running and your connection is up, then retry.",
    };
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return {
      heading: "This request was refused",
      text: "The hub server did not accept the request for this page.",
    };
  }
  return {
    heading: "Something went wrong",
    text: "This page could not be loaded. It may be a passing problem: retry in a moment.",
  };
}

export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const status = statusOf(error);
  useRetryWhenSignedIn(status);
  const { heading, text } = explain(status, pathname);
  useTitle(status === 404 ? "Not found" : "Error");
  const shown = isRouteErrorResponse(error) ? new Error(String(error.data ?? error.statusText)) : error;
  const { title, message, details: described } = describeError(shown);
  // The status has its own row.
  const details = described.filter((detail) => !detail.startsWith("HTTP "));
  const retrying = revalidator.state === "loading";
  const detailsBox = (
    <details className="error-details-box">
      <summary>Details</summary>
      <dl>
        <dt>Error</dt>
        <dd>
          <code>{title}</code>
        </dd>
        {status !== undefined && (
          <>
            <dt>HTTP status</dt>
            <dd>{status === 0 ? "no answer" : status}</dd>
          </>
        )}
        <dt>Message</dt>
        <dd>{message}</dd>
        {details.length > 0 && (
          <>
            <dt>More</dt>
            <dd>{details.join(" · ")}</dd>
          </>
        )}
      </dl>
    </details>
  );
  if (status === 404)
    return (
      <NotFound heading={heading} text={text}>
        {detailsBox}
      </NotFound>
    );
  return (
    <div className="page error-page">
      <h1>{heading}</h1>
      <div className="error-notice" role="alert">
        <AlertTriangle size={18} aria-hidden />
        <p>{text}</p>
      </div>
      <p className="actions">
        <button
          type="button"
          className="button primary"
          onClick={() => void revalidator.revalidate()}
          disabled={retrying}
        >
          <RotateCw size={16} aria-hidden className={retrying ? "spin" : undefined} />{" "}
          {retrying ? "Retrying…" : "Retry"}
        </button>
        <Link to="/" className="button">
          Back to the start page <ArrowRight size={16} aria-hidden />
        </Link>
      </p>
      {detailsBox}
    </div>
  );
}
