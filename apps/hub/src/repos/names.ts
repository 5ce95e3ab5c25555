// Checks for what users name: accounts, repos, branches and file paths. Every check returns the
// problem in words (for a 400 the client shows) or undefined when the name is fine.
const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;
const MAX_PATH_BYTES = 1000;

export function accountNameProblem(name: string): string | undefined {
  if (!NAME_RE.test(name) || name.includes("--") || name.includes(".."))
    return `"${name.slice(0, 100)}" is not a valid user or organisation name (letters, digits, '-', '_', '.'; up to 96 characters)`;
  return undefined;
}

/** A repo id must be `owner/name`. */
export function repoIdProblem(id: string): string | undefined {
  const parts = id.split("/");
  if (parts.length !== 2)
    return `"${id.slice(0, 200)}" is not a valid repo id: it must be owner/name (e.g. alice/my-model)`;
  const [owner, name] = parts;
  if (accountNameProblem(owner))
    return `"${id.slice(0, 200)}" is not a valid repo id: bad owner "${owner.slice(0, 100)}"`;
  if (
    !NAME_RE.test(name) ||
    name.includes("--") ||
    name.includes("..") ||
    /\.(git|ipynb)$/.test(name) ||
    name.endsWith(".")
  )
    return `"${id.slice(0, 200)}" is not a valid repo id: the name may hold letters, digits, '-', '_' and '.', up to 96 characters, and may not end in .git`;
  return undefined;
}

/** Branch and tag names: git's rules, simplified to the ones that matter here. */
export function refNameProblem(name: string): string | undefined {
  if (
    !name ||
    name.length > 200 ||
    /[\0-\x20~^:?*[\\\x7f]/.test(name) ||
    name.startsWith("/") ||
    name.endsWith("/") ||
    name.endsWith(".") ||
    name.endsWith(".lock") ||
    name.includes("..") ||
    name.includes("//") ||
    name.includes("@{") ||
    name.startsWith("refs/") ||
    /^[0-9a-f]{40}$/.test(name)
  )
    return `"${name.slice(0, 100)}" is not a valid branch or tag name`;
  return undefined;
}

/** A file path inside a repo: relative, no `.`/`..` segments, no NUL, nothing under `.git/`. */
export function repoPathProblem(path: unknown): string | undefined {
  if (typeof path !== "string" || path === "") return "a file path is missing";
  const shown = JSON.stringify(path.slice(0, 200));
  if (Buffer.byteLength(path) > MAX_PATH_BYTES)
    return `the file path ${shown}… is longer than ${MAX_PATH_BYTES} bytes`;
  if (path.includes("\0")) return `the file path ${shown} contains a NUL character`;
  if (path.includes("\\")) return `the file path ${shown} contains a backslash: use '/' between folders`;
  if (path.startsWith("/"))
    return `the file path ${shown} is absolute: paths are relative to the repo's root`;
  const segments = path.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === ".."))
    return `the file path ${shown} has an empty, '.' or '..' segment`;
  if (segments.includes(".git"))
    return `the file path ${shown} is inside a .git folder, which a repo cannot hold`;
  if ([...path].some((char) => char < " " || char === "\x7f"))
    return `the file path ${shown} contains a control character`;
  return undefined;
}
