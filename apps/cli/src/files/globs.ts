// --include/--exclude patterns as huggingface_hub reads them (fnmatch: `*` also crosses `/`; a
// pattern ending in `/` means everything under that folder).

function toRegExp(pattern: string): RegExp {
  const full = pattern.endsWith("/") ? `${pattern}*` : pattern;
  let source = "";
  for (const char of full) {
    if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

export function pathFilter(include: string[] = [], exclude: string[] = []): (file: string) => boolean {
  const includes = include.map(toRegExp);
  const excludes = exclude.map(toRegExp);
  return (file) =>
    (includes.length === 0 || includes.some((re) => re.test(file))) && !excludes.some((re) => re.test(file));
}
