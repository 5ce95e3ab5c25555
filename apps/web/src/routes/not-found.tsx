import { ArrowRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useTitle } from "../lib/title.js";

export function Component() {
  useTitle("Not found");
  const location = useLocation();
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{location.pathname}</code>.
      </p>
      <p>
        <Link to="/tasks" className="button">
          Browse tasks <ArrowRight size={16} aria-hidden />
        </Link>
      </p>
    </div>
  );
}
