// The suggestions already answered, so that retyping, undo and typing into a suggestion cost no request. A suggestion
// is kept under the text around the cursor it answered (and the model); a later cursor whose prefix is that prefix
// plus the first characters of the suggestion gets the rest of it, as long as the code after the cursor is the same.
// Least recently used entries go first.

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
}

export class SuggestionCache {
  // A Map iterates in insertion order: re-inserting on use keeps the most recent last.
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 256) {}

  get size(): number {
    return this.entries.size;
  }

  /** The suggestion for this cursor: an exact answer, or the rest of a longer one the person has typed into. */
  lookup(model: string, prefix: string, suffix: string): CachedSuggestion | undefined {
    const key = keyOf(model, prefix, suffix);
    const exact = this.entries.get(key);
    if (exact) {
      this.touch(key, exact);
      return { text: exact.text, requestId: exact.requestId };
    }
    // Newest first: the suggestion being typed into is almost always the last one shown.
    const candidates = [...this.entries.values()].reverse();
    for (const entry of candidates) {
      if (entry.model !== model || entry.suffix !== suffix || prefix.length <= entry.prefix.length) continue;
      const typed = prefix.length - entry.prefix.length;
      if (typed >= entry.text.length || !prefix.startsWith(entry.prefix)) continue;
      if (entry.text.startsWith(prefix.slice(entry.prefix.length))) return { text: entry.text.slice(typed), requestId: entry.requestId };
    }
    return undefined;
  }

  store(model: string, prefix: string, suffix: string, text: string, requestId: number): void {
    const key = keyOf(model, prefix, suffix);
    this.entries.delete(key);
    this.entries.set(key, { prefix, suffix, model, text, requestId });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}

function keyOf(model: string, prefix: string, suffix: string): string {
  // The lengths make the joins unambiguous whatever the texts hold.
  return `${model.length}:${model}${prefix.length}:${prefix}${suffix}`;
}
