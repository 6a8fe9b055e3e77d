// What a completion sees besides the cursor's own line, kept cheap: the code just before and after the cursor, cut at
// line boundaries and capped, and a ring of chunks from files the person recently worked in (the scheme of
// llama.vscode, whose /infill client sends them as `input_extra`): chunks are taken when a file is opened, saved or
// left, and between completions from the current file outside the window already sent; a chunk too like one already
// kept (over 90% of its lines shared) replaces it; the oldest go first.
import type { ContextChunk } from './completionInput';

export interface AroundCursor {
  prefix: string;
  suffix: string;
}

/**
 * `before` and `after` (the text up to and from the cursor, as read) cut to at most `maxPrefix` and `maxSuffix`
 * characters, dropping whole lines from the far ends: a half line at the top of a prompt reads as broken code.
 */
export function cutAroundCursor(before: string, after: string, maxPrefix: number, maxSuffix: number): AroundCursor {
  let prefix = before;
  if (prefix.length > maxPrefix) {
    const cursorLineStart = prefix.lastIndexOf('\n') + 1;
    const from = prefix.length - maxPrefix;
    // The cursor's own line is kept whole even when it alone is over the cap; above it, whole lines only.
    prefix = from >= cursorLineStart ? prefix.slice(cursorLineStart) : prefix.slice(prefix.indexOf('\n', from) + 1);
  }
  let suffix = after;
  if (suffix.length > maxSuffix) {
    const firstBreak = suffix.indexOf('\n');
    const lastBreak = suffix.lastIndexOf('\n', maxSuffix - 1);
    suffix = firstBreak < 0 ? suffix : lastBreak < firstBreak ? suffix.slice(0, firstBreak) : suffix.slice(0, lastBreak + 1);
  }
  return { prefix, suffix };
}

/** How much of the file around the cursor a completion reads and sends (llama.vscode's n_prefix / n_suffix lines). */
export const COMPLETION_CONTEXT_LIMITS = {
  prefixLines: 256,
  suffixLines: 64,
  maxPrefixCharacters: 8000,
  maxSuffixCharacters: 2000,
  /** Chunks of other files sent with one request, and their size in all. */
  maxChunks: 16,
  maxChunkCharacters: 16_000,
} as const;

/** The few reads of a document gathering needs: VS Code's TextDocument has them, so do the tests' and the bench's. */
export interface CompletionTextSource {
  readonly lineCount: number;
  lineLength(line: number): number;
  /** The text from (startLine, startCharacter) to (endLine, endCharacter), lines joined with `\n`. */
  textBetween(startLine: number, startCharacter: number, endLine: number, endCharacter: number): string;
}

export interface GatheredContext extends AroundCursor {
  chunks: ContextChunk[];
}

/**
 * The context of a completion at (line, character): only the lines it may send are read (never the whole file), cut
 * to the character caps, and the ring's chunks not already in that window.
 */
export function gatherCompletionContext(
  source: CompletionTextSource,
  cursor: { line: number; character: number },
  where: { filename: string; languageId: string },
  ring: ChunkRing | undefined,
): GatheredContext {
  const limits = COMPLETION_CONTEXT_LIMITS;
  const startLine = Math.max(0, cursor.line - limits.prefixLines);
  const endLine = Math.min(source.lineCount - 1, cursor.line + limits.suffixLines);
  const before = source.textBetween(startLine, 0, cursor.line, cursor.character);
  const after = source.textBetween(cursor.line, cursor.character, endLine, source.lineLength(endLine));
  const around = cutAroundCursor(before, after, limits.maxPrefixCharacters, limits.maxSuffixCharacters);
  const chunks = ring ? ring.chunksFor(where.filename, where.languageId, `${around.prefix}${around.suffix}`, limits.maxChunks, limits.maxChunkCharacters) : [];
  return { ...around, chunks };
}

interface RingChunk extends ContextChunk {
  languageId: string;
  lines: ReadonlySet<string>;
}

export interface ChunkRingOptions {
  /** The most chunks kept. */
  capacity: number;
  /** Lines in one chunk. */
  chunkLines: number;
}

export const DEFAULT_RING: ChunkRingOptions = { capacity: 16, chunkLines: 64 };
/** A chunk this like one kept replaces it (Jaccard similarity of their sets of lines). */
const SAME_CHUNK_SIMILARITY = 0.9;
/** Fewer lines than this say too little to be worth a place. */
const MIN_CHUNK_LINES = 3;

export class ChunkRing {
  private chunks: RingChunk[] = [];

  constructor(private readonly options: ChunkRingOptions = DEFAULT_RING) {}

  get size(): number {
    return this.chunks.length;
  }

  /**
   * Takes the chunk of `lines` centred on `aroundLine` (the whole text when it is short), unless it is mostly blank
   * or too small. `lines` is the file's text split into lines, or the part of it the caller read.
   */
  take(filename: string, languageId: string, lines: readonly string[], aroundLine: number): void {
    const half = Math.floor(this.options.chunkLines / 2);
    const start = lines.length <= this.options.chunkLines ? 0 : Math.max(0, Math.min(aroundLine - half, lines.length - this.options.chunkLines));
    const picked = lines.slice(start, start + this.options.chunkLines);
    if (picked.filter((line) => line.trim() !== '').length < MIN_CHUNK_LINES) return;
    const text = `${picked.join('\n')}\n`;
    const set = new Set(picked.map((line) => line.trim()).filter((line) => line !== ''));
    this.chunks = this.chunks.filter((kept) => kept.text !== text && similarity(kept.lines, set) <= SAME_CHUNK_SIMILARITY);
    this.chunks.push({ filename, languageId, text, lines: set });
    while (this.chunks.length > this.options.capacity) this.chunks.shift();
  }

  /**
   * The chunks for a completion in `filename`: newest first, of the same language, none that the prompt already
   * holds (a chunk of the same file whose lines all appear in `window`), within `maxCharacters` in all.
   */
  chunksFor(filename: string, languageId: string, window: string, maxChunks: number, maxCharacters: number): ContextChunk[] {
    const chosen: ContextChunk[] = [];
    let total = 0;
    for (let i = this.chunks.length - 1; i >= 0 && chosen.length < maxChunks; i--) {
      const chunk = this.chunks[i];
      if (!chunk || chunk.languageId !== languageId) continue;
      if (chunk.filename === filename && window.includes(chunk.text.trimEnd())) continue;
      if (total + chunk.text.length > maxCharacters) continue;
      total += chunk.text.length;
      chosen.push({ filename: chunk.filename, text: chunk.text });
    }
    return chosen;
  }

  /** Drops the chunks of a file whose text must not leave (it matched a deny glob after all, or was deleted). */
  forget(filename: string): void {
    this.chunks = this.chunks.filter((chunk) => chunk.filename !== filename);
  }
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const line of a) if (b.has(line)) shared++;
  return shared / (a.size + b.size - shared);
}
