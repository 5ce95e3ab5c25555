// The one "not found" page: an unknown address (the catch-all route) and a missing model, task,
// library or author (a loader's 404) look the same. Nothing to retry: the ways on are links.
import { ArrowRight, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTitle } from "../lib/title.js";

export function NotFound({
  heading,
  text,
  children,
}: {
  heading: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  useTitle("Not found");
  return (
    <div className="page error-page not-found">
      <p className="error-code" aria-hidden>
        <SearchX size={20} /> 404
      </p>
      <h1>{heading}</h1>
      <div className="error-notice" role="alert">
        <p>{text}</p>
      </div>
      <p className="actions">
        <Link to="/" className="button primary">
          Back to the start page <ArrowRight size={16} aria-hidden />
        </Link>
        <Link to="/models" className="button">
          Browse models
        </Link>
        <Link to="/tasks" className="button">
          Browse tasks
        </Link>
      </p>
      {children}
    </div>
  );
}
