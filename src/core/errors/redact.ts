// The API key must never reach a message, a log line or a thrown object. Servers sometimes echo the key they were
// sent (OpenAI echoes a masked form; a careless proxy may echo it whole), so every server word passes through here.

const REDACTED = '[redacted key]';

/** Replaces every occurrence of `secret` (when there is one worth hiding) in `text`. */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join(REDACTED);
}

/** A URL as it may be shown: user-info (`user:pass@`) removed. Unparseable input is returned unchanged. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
