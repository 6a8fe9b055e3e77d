// Which link targets the rendered answer may carry. Model output is untrusted: anything but a web page or an e-mail
// address (`javascript:`, `data:`, `vbscript:`, `file:`, `command:`, relative paths) stays plain text. The host checks
// again before it opens anything; this is the first of the two gates.
const ALLOWED_SCHEME = /^(?:https?|mailto):/i;

/** `url` as markdown-it passes it: already normalized (percent-encoded), so no whitespace trick survives. */
export function isAllowedLink(url: string): boolean {
  return ALLOWED_SCHEME.test(url);
}
