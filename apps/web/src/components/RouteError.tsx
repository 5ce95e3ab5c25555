// The error boundary of every route: a failed loader or a render error shows its message in the
// page frame instead of a blank page.
import { ArrowRight } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ErrorNotice } from "./Feedback.js";

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error)
    ? error.status === 404
    : (error as { status?: number })?.status === 404;
  const shown = isRouteErrorResponse(error) ? new Error(String(error.data ?? error.statusText)) : error;
  return (
    <div className="page">
      <h1>{notFound ? "Not found" : "Something went wrong"}</h1>
      <ErrorNotice error={shown} />
      <p>
        <Link to="/" className="button">
          Back to the start page <ArrowRight size={16} aria-hidden />
        </Link>
      </p>
    </div>
  );
}
