/** True for what looks like a URL or an absolute path rather than a hub model id. */
export function isUrl(modelOrUrl: string): boolean {
  return /^http(s?):/.test(modelOrUrl) || modelOrUrl.startsWith("/");
}
