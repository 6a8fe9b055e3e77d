// Text deltas the size real models stream them: one BPE token each, mostly a word with its leading space or a piece
// of a long word, punctuation, newlines, Markdown and code, and a few percent multi-byte UTF-8 (accents, CJK, symbols,
// emoji) so every decoder on the path has to handle characters longer than a byte.
import type { SeededRandom } from './seededRandom';

const WORDS = [
  'the', 'a', 'to', 'of', 'and', 'in', 'is', 'that', 'it', 'for', 'this', 'with', 'as', 'on', 'be', 'we', 'you', 'can',
  'not', 'are', 'from', 'when', 'each', 'one', 'so', 'if', 'then', 'by', 'at', 'or', 'its', 'only', 'once', 'here',
  'function', 'return', 'value', 'stream', 'client', 'server', 'request', 'response', 'event', 'chunk', 'parser',
  'token', 'error', 'call', 'tool', 'argument', 'string', 'number', 'object', 'array', 'type', 'interface', 'buffer',
  'socket', 'decoder', 'index', 'field', 'handler', 'promise', 'loop', 'test', 'file', 'line', 'change', 'model',
  'accumulates', 'implementation', 'configuration', 'asynchronous', 'performance', 'serialization', 'backpressure',
  'incrementally', 'deterministic', 'surrogate', 'transcript', 'allocation', 'throughput', 'reassembles',
];
const MULTIBYTE_WORDS = ['café', 'naïve', 'résumé', 'façade', 'über', 'déjà', 'Zürich', 'São', 'Ελληνικά', 'Привет', 'mañana'];
const CJK = ['日本', '語', '中文', '测试', '한국어', 'の', 'は', '。'];
const SYMBOLS = [' —', ' →', ' ≤', ' ≥', '…', ' “', '”', '’s', ' •', ' ✓', ' µs', '°', ' €'];
const EMOJI = [' 🚀', ' ✅', ' 😀', ' 🎉', ' ⚠️', ' 👍'];
const SENTENCE_ENDS = ['.', '.', '.', '?', '!', ':'];
const CODE_TOKENS = [
  'const', ' result', ' =', ' await', ' client', '.', 'stream', '(', 'request', ');', 'for', ' (', 'let', ' i', ' <',
  ' length', ';', ' i', '++', ')', ' {', '}', 'if', ' !', 'event', ' return', ' null', ' undefined', ' ===', "'",
  'text', "',", ' "', 'done', '":', ' []', '`', '${', 'name', '}`', ' =>', ' async', ' function', ' yield', '\\n',
];

export function textTokens(random: SeededRandom, count: number): string[] {
  const tokens: string[] = [];
  const emitWord = (word: string, leadingSpace: boolean): void => {
    const codePoints = Array.from(word);
    // Long words are several tokens, as BPE splits them.
    let first = true;
    for (let at = 0; at < codePoints.length; ) {
      const size = codePoints.length <= 7 ? codePoints.length : random.int(3, 6);
      const piece = codePoints.slice(at, at + size).join('');
      tokens.push(first && leadingSpace ? ` ${piece}` : piece);
      first = false;
      at += size;
    }
  };
  const sentence = (spaceBefore: boolean): void => {
    const words = random.int(6, 20);
    for (let w = 0; w < words; w++) {
      // A sentence opens with a plain word; the specials come inside it.
      const roll = w === 0 ? 1 : random.next();
      const leadingSpace = w > 0 || spaceBefore;
      if (roll < 0.03) tokens.push(random.pick(SYMBOLS));
      else if (roll < 0.05) emitWord(random.pick(MULTIBYTE_WORDS), leadingSpace);
      else if (roll < 0.06) tokens.push(random.pick(CJK));
      else if (roll < 0.07) tokens.push(random.pick(EMOJI));
      else if (roll < 0.1) tokens.push(' `', random.pick(WORDS), '`');
      else {
        const word = random.pick(WORDS);
        emitWord(w === 0 ? word[0]!.toUpperCase() + word.slice(1) : word, leadingSpace);
      }
      if (w < words - 1 && random.next() < 0.08) tokens.push(',');
    }
    tokens.push(random.pick(SENTENCE_ENDS));
  };
  const codeBlock = (): void => {
    tokens.push('```', 'ts', '\n');
    const lines = random.int(3, 12);
    for (let line = 0; line < lines; line++) {
      const indent = random.pick(['', '  ', '    ']);
      if (indent !== '') tokens.push(indent);
      const length = random.int(3, 12);
      for (let t = 0; t < length; t++) tokens.push(random.pick(CODE_TOKENS));
      tokens.push('\n');
    }
    tokens.push('```', '\n\n');
  };

  while (tokens.length < count) {
    const roll = random.next();
    if (tokens.length > 0 && roll < 0.08) codeBlock();
    else if (tokens.length > 0 && roll < 0.14) {
      tokens.push('##');
      for (let w = random.int(2, 5); w > 0; w--) emitWord(random.pick(WORDS), true);
      tokens.push('\n\n');
    } else {
      const bullet = tokens.length > 0 && roll < 0.3;
      if (bullet) tokens.push('-');
      for (let s = random.int(1, 5), first = true; s > 0; s--, first = false) sentence(bullet || !first);
      tokens.push(random.pick(['\n\n', '\n']));
    }
  }
  return tokens.slice(0, count);
}

/** Whether a token carries a character longer than one UTF-8 byte. */
export function isMultiByte(token: string): boolean {
  return Buffer.byteLength(token, 'utf8') !== token.length;
}
