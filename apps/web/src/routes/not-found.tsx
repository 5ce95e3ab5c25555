// The catch-all route (the server answers it with HTTP 404), in the same design as a loader's 404.
import { useLocation } from "react-router";
import { NotFound } from "../components/NotFound.js";

export function Component() {
  const location = useLocation();
  return (
    <NotFound
      heading="This page was not found"
      text={
        <>
          There is no page at <code>{location.pathname}</code>. Check the spelling, or search from the header.
        </>
      }
    />
  );
}
