// The service's schema marks `contents` as required while its examples never send it. We omit it; if a server
// insists on some field, its 4xx names it, and the error tells the user how to add it through the extra body.

const PATTERNS: RegExp[] = [
  /missing (?:required )?(?:field|parameter|property|key)s?[:\s]+[`'"]?([A-Za-z_][\w.]*)/i,
  /([A-Za-z_][\w.]*): field required/i,
  /[`'"]([A-Za-z_][\w.]*)[`'"] is (?:a )?required/i,
  /required (?:field|parameter|property) [`'"]?([A-Za-z_][\w.]*)/i,
  /\b([a-z_][\w.]*) is (?:a )?required (?:field|parameter|property)/,
];

const NOT_FIELDS = new Set(['field', 'parameter', 'property', 'value', 'this', 'it', 'body', 'is', 'a']);

/** The name of the missing request field the server's words point at, if they point at one. */
export function findMissingField(serverMessage: string): string | undefined {
  for (const pattern of PATTERNS) {
    const name = pattern.exec(serverMessage)?.[1];
    if (name && !NOT_FIELDS.has(name.toLowerCase())) return name.replace(/^body\./, '');
  }
  return undefined;
}

/** A hint a person can follow to add `field` through the extra-body setting. */
export function missingFieldHint(field: string): string {
  const example = field === 'contents' ? '[]' : '…';
  return `The server requires the field "${field}". Add it with the setting askModel.extraBody, e.g. { "${field}": ${example} }.`;
}
