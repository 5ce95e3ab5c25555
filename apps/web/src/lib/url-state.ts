// Page state kept in the URL's search parameters (a link reproduces it).

/** A copy of `params` with `changes` applied: an undefined or empty value removes the parameter. */
export function withChanges(
  params: URLSearchParams,
  changes: Record<string, string | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === "") next.delete(name);
    else next.set(name, value);
  }
  return next;
}
