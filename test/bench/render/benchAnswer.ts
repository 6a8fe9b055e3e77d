// A deterministic ~100 KB Markdown answer shaped like a long assistant reply: sections with headings, prose with
// inline code and links, bullet lists, numbered lists whose items are separated by blank lines (models write those
// often, and they are the case where the streaming split is not already exact), a table, a quote, and 30 fenced code
// blocks in a dozen languages, some with blank lines inside. Also its reasoning, and a split into 10,000 deltas.
import { seededRandom, type SeededRandom } from '../streamPipeline/seededRandom';

export const CODE_BLOCKS = 30;
const TARGET_CHARS = 100_000;

const WORDS = (
  'the request stream parser buffer handler returns value each line token event error retry server client model answer ' +
  'context file selection editor workspace setting timeout chunk message view state render frame queue cache network ' +
  'first then because when while after before only every never always still later instead which that this with from'
).split(' ');
const IDENTIFIERS = ['buffer', 'request', 'parser', 'handler', 'options', 'result', 'chunk', 'events', 'retries', 'timeoutMs', 'answer', 'lines'];
export const CODE_LANGUAGES = ['typescript', 'python', 'bash', 'json', 'go', 'rust', 'java', 'css', 'sql', 'yaml', 'diff', 'cpp'];

function sentence(random: SeededRandom): string {
  const words = Array.from({ length: random.int(8, 18) }, () => random.pick(WORDS));
  if (random.next() < 0.3) words[random.int(1, words.length - 1)] = `\`${random.pick(IDENTIFIERS)}()\``;
  if (random.next() < 0.08) words[random.int(1, words.length - 1)] = `[the docs](https://example.com/docs/${random.word(6)})`;
  if (random.next() < 0.15) words[random.int(1, words.length - 1)] = `**${random.pick(WORDS)}**`;
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: SeededRandom): string {
  return Array.from({ length: random.int(2, 5) }, () => sentence(random)).join(' ');
}

function codeLine(random: SeededRandom, language: string, depth: number): string {
  const indent = '  '.repeat(depth);
  const a = random.pick(IDENTIFIERS);
  const b = random.pick(IDENTIFIERS);
  const n = random.int(0, 500);
  switch (language) {
    case 'python':
      return `${indent}${a} = ${b}.get("${random.word(5)}", ${n})  # ${random.pick(WORDS)}`;
    case 'bash':
      return `${indent}${random.pick(['curl -sS', 'grep -n', 'echo', 'export'])} "$${a.toUpperCase()}" --${random.word(4)}=${n}`;
    case 'json':
      return `${indent}"${a}": { "${b}": ${n}, "enabled": ${random.next() < 0.5} },`;
    case 'yaml':
      return `${indent}${a}: ${random.next() < 0.5 ? n : `"${random.word(6)}"`}`;
    case 'sql':
      return `${indent}SELECT ${a}, COUNT(*) FROM ${b} WHERE id > ${n} GROUP BY ${a};`;
    case 'css':
      return `${indent}.${a} { margin: ${n % 24}px; color: var(--${b}); }`;
    case 'diff':
      return `${random.pick(['+', '-', ' '])}${indent}const ${a} = ${b}(${n});`;
    case 'go':
      return `${indent}${a}, err := ${b}.Read(ctx, ${n}) // ${random.pick(WORDS)}`;
    case 'rust':
      return `${indent}let ${a} = ${b}.iter().map(|x| x + ${n}).collect::<Vec<_>>();`;
    default:
      return `${indent}const ${a} = await ${b}(${n}, '${random.word(5)}'); // ${random.pick(WORDS)} ${random.pick(WORDS)}`;
  }
}

function codeBlock(random: SeededRandom, index: number): string {
  const language = CODE_LANGUAGES[index % CODE_LANGUAGES.length]!;
  const lines: string[] = [];
  const count = random.int(18, 40);
  for (let line = 0; line < count; line++) {
    // Blank lines inside a fence must not split the block.
    lines.push(random.next() < 0.08 ? '' : codeLine(random, language, random.int(0, 3)));
  }
  return [`\`\`\`${language}`, ...lines, '```'].join('\n');
}

function bulletList(random: SeededRandom): string {
  return Array.from({ length: random.int(3, 6) }, () => `- ${sentence(random)}`).join('\n');
}

function looseNumberedList(random: SeededRandom): string {
  return Array.from({ length: random.int(3, 5) }, (_, item) => `${item + 1}. ${sentence(random)}\n\n   ${sentence(random)}`).join('\n\n');
}

function table(random: SeededRandom): string {
  const rows = Array.from({ length: random.int(3, 6) }, () => `| \`${random.pick(IDENTIFIERS)}\` | ${random.int(1, 900)} ms | ${random.pick(WORDS)} ${random.pick(WORDS)} |`);
  return ['| Setting | Time | Note |', '| --- | ---: | --- |', ...rows].join('\n');
}

export interface BenchAnswer {
  readonly text: string;
  readonly reasoning: string;
  readonly codeBlocks: number;
}

export function buildBenchAnswer(seed = 20_251_122, targetChars = TARGET_CHARS, codeBlocks = CODE_BLOCKS): BenchAnswer {
  const random = seededRandom(seed);
  const blocks: string[] = [];
  let length = 0;
  let code = 0;
  let section = 0;
  const add = (block: string): void => {
    blocks.push(block);
    length += block.length + 2;
  };
  // Spread the code blocks evenly over the answer: one roughly every targetChars / codeBlocks characters.
  while (length < targetChars || code < codeBlocks) {
    if (length >= (targetChars * code) / codeBlocks && code < codeBlocks) {
      add(paragraph(random));
      add(codeBlock(random, code++));
      continue;
    }
    const kind = random.int(0, 9);
    if (kind === 0) add(`## ${++section}. ${sentence(random).slice(0, 40).replace(/[`*[\]().]/g, '')}`);
    else if (kind <= 4) add(paragraph(random));
    else if (kind <= 6) add(bulletList(random));
    else if (kind === 7) add(looseNumberedList(random));
    else if (kind === 8) add(table(random));
    else add(`> ${sentence(random)}`);
  }
  const reasoning = Array.from({ length: 6 }, () => paragraph(random)).join('\n\n');
  return { text: blocks.join('\n\n'), reasoning, codeBlocks: code };
}

/** Cuts `text` into exactly `count` non-empty pieces at seeded positions (token-like: mostly short, some long). */
export function splitIntoPieces(text: string, count: number, seed = 7): string[] {
  if (count > text.length) throw new Error(`cannot cut ${text.length} characters into ${count} pieces`);
  const random = seededRandom(seed);
  const cuts = new Set<number>();
  while (cuts.size < count - 1) cuts.add(random.int(1, text.length - 1));
  const sorted = [...cuts].sort((a, b) => a - b);
  return [0, ...sorted].map((start, index) => text.slice(start, sorted[index] ?? text.length));
}
