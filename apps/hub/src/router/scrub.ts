// Scrubbing of upstream text (error bodies, forwarded header values) before it reaches the browser.

/**
 * Credential shapes: hub tokens, `Bearer`/`Key`/`Basic` header values, and the key formats of the
 * providers behind the router. An upstream that echoes a request header must not hand them on.
 */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\b(Bearer|Key|Basic|Token)(\s+)[A-Za-z0-9._~+/=:-]{6,}/gi,
  /\bhf_[A-Za-z0-9]{6,}/g,
  /\b(?:sk|rk|pk)-[A-Za-z0-9_-]{12,}/g,
  /\b(?:r8|gsk|fw|xai|csk|nvapi|sk-ant|fal)[_-][A-Za-z0-9_-]{12,}/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[0-9a-f]{16,}/gi,
];
const REDACTED = "[redacted]";

/** Any of the shapes, case-insensitive (a superset): one scan tells that most texts need no scrub. */
const ANY_SECRET = new RegExp(SECRET_PATTERNS.map((pattern) => pattern.source).join("|"), "i");

/** Replaces credential-shaped text (and any given literal secret) with "[redacted]". */
export function scrubSecrets(text: string, literals: readonly string[] = []): string {
  if (!ANY_SECRET.test(text) && !literals.some((literal) => literal.length >= 6 && text.includes(literal))) {
    return text;
  }
  let out = text;
  for (const literal of literals) if (literal.length >= 6) out = out.split(literal).join(REDACTED);
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match: string, scheme?: string, space?: string) =>
      typeof scheme === "string" && typeof space === "string" ? `${scheme}${space}${REDACTED}` : REDACTED,
    );
  }
  return out;
}
