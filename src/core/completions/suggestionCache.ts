// The suggestions already answered, so that retyping, undo and typing into a suggestion cost no request. A suggestion
// is kept under the text around the cursor it answered (and the model); a later cursor whose prefix is that prefix
// plus the first characters of the suggestion gets the rest of it, as long as the code after the cursor is the same.
// Least recently used entries go first.
//
// Entries are found by scanning, not by a key made of the texts: a prefix runs to 8,000 characters, and a key of the
// whole prefix and suffix was built, flattened and hashed on every lookup and store, and the typed-into scan compared
// whole prefixes of one file (which share all but their last characters) against every entry. Measured with 256
// entries of 8,500-character prefixes: lookup and store cost up to ~0.6 ms a request that way, ~0.03–0.05 ms now. A
// scan of at most `capacity` entries compares lengths and the characters around the cursor first, so whole texts
// are compared only for the entry that is the same place.

export interface CachedSuggestion {
  /** What to show at the cursor. */
  text: string;
  /** The request that made it, for the log line of an accepted suggestion. */
  requestId: number;
}

interface Entry {
  prefix: string;
  suffix: string;
  model: string;
  text: string;
  requestId: number;
  /** A hash of the prefix's last characters and the suffix's first: where two places of one file differ almost always. */
  edge: number;
}

/** Characters each side of the cursor in an entry's `edge`. */
const EDGE_CHARACTERS = 32;

export class SuggestionCache {
  // A Map iterates in insertion order: re-inserting on use (under a new number) keeps the most recent last.
  private readonly entries = new Map<number, Entry>();
  private nextId = 0;

  constructor(private readonly capacity = 256) {}

  get size(): number {
    return this.entries.size;
  }

  /** The suggestion for this cursor: an exact answer, or the rest of a longer one the person has typed into. */
  lookup(model: string, prefix: string, suffix: string): CachedSuggestion | undefined {
    const found = this.find(model, prefix, suffix);
    if (found) {
      const [id, exact] = found;
      this.entries.delete(id);
      this.entries.set(this.nextId++, exact);
      return { text: exact.text, requestId: exact.requestId };
    }
    // Newest first: the suggestion being typed into is almost always the last one shown. The cheap tests go first:
    // the prefixes of one file share thousands of characters, so comparing them whole against every entry (as
    // startsWith does) cost more than the request's own client work; the few typed characters rule out almost all.
    const entries = [...this.entries.values()];
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index]!;
      const typed = prefix.length - entry.prefix.length;
      if (typed <= 0 || typed >= entry.text.length || entry.model !== model) continue;
      // What was typed after the entry's prefix (the end of this prefix) is the start of the entry's suggestion.
      if (!prefix.endsWith(entry.text.slice(0, typed)) || entry.suffix !== suffix || !prefix.startsWith(entry.prefix)) continue;
      return { text: entry.text.slice(typed), requestId: entry.requestId };
    }
    return undefined;
  }

  store(model: string, prefix: string, suffix: string, text: string, requestId: number): void {
    const found = this.find(model, prefix, suffix);
    if (found) this.entries.delete(found[0]);
    this.entries.set(this.nextId++, { prefix, suffix, model, text, requestId, edge: edgeOf(prefix, suffix) });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /** The entry for exactly this place, if any (there is at most one: `store` replaces it). */
  private find(model: string, prefix: string, suffix: string): [number, Entry] | undefined {
    let edge: number | undefined;
    for (const [id, entry] of this.entries) {
      if (entry.prefix.length !== prefix.length || entry.suffix.length !== suffix.length || entry.model !== model) continue;
      edge ??= edgeOf(prefix, suffix);
      if (entry.edge === edge && entry.prefix === prefix && entry.suffix === suffix) return [id, entry];
    }
    return undefined;
  }
}

/** FNV-1a over the characters each side of the cursor: a number compares at once, equal texts always hash alike. */
function edgeOf(prefix: string, suffix: string): number {
  let hash = 0x811c9dc5;
  for (let at = Math.max(0, prefix.length - EDGE_CHARACTERS); at < prefix.length; at++) hash = Math.imul(hash ^ prefix.charCodeAt(at), 0x01000193);
  hash = Math.imul(hash ^ 0xffff, 0x01000193);
  for (let at = 0; at < Math.min(suffix.length, EDGE_CHARACTERS); at++) hash = Math.imul(hash ^ suffix.charCodeAt(at), 0x01000193);
  return hash;
}
