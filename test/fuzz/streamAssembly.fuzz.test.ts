// Seeded property tests over stream assembly. (1) Random valid transcripts (text, reasoning, think tags, parallel
// tool calls in random fragments, usage, comments, CRLF) cut at random byte boundaries assemble to exactly what the
// unsplit body gives, and to what the transcript meant. (2) Random garbage never escapes as anything but a typed
// AskModelError. A failure prints its seed, so it can be replayed.
import assert from 'node:assert/strict';
import { AskModelError } from '../../src/core/errors/AskModelError';
import { ChatClient } from '../../src/core/client/chatClient';
import { mulberry32, seededSplits, utf8 } from '../support/byteSplits';
import { BASIC_REQUEST, collectOutcome, type Outcome } from '../support/collectOutcome';
import { fakeFetch, piecesResponse } from '../support/fakeFetch';
import { chunk, dataLine } from '../support/sseTranscript';

const CASES = Number(process.env['ASK_MODEL_FUZZ_CASES'] ?? 10_000);
const ALPHABET = ['a', 'b', ' ', '\n', 'é', '日', '🙂', '"', '\\', '{', '}', '<', '>', '`', 'x', 'yz'];

interface Expected {
  text: string;
  reasoning: string;
  toolCalls: { name: string; arguments: Record<string, unknown> }[];
}

function randomText(random: () => number, maxLength: number): string {
  let text = '';
  const length = Math.floor(random() * maxLength);
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return text;
}

function cut(text: string, random: () => number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    const size = 1 + Math.floor(random() * 6);
    // Never split a surrogate pair: a delta is a JSON string of whole characters.
    let end = Math.min(size, rest.length);
    if (end < rest.length && /[\uD800-\uDBFF]/.test(rest[end - 1] ?? '')) end++;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return pieces;
}

/** A transcript a real server could send, and what it means. */
function randomTranscript(random: () => number): { body: string; expected: Expected } {
  const newline = random() < 0.2 ? '\r\n' : '\n';
  const events: string[] = [dataLine(chunk({ role: 'assistant', content: null }), newline)];
  const expected: Expected = { text: '', reasoning: '', toolCalls: [] };
  const thinkTag = random() < 0.2;
  if (thinkTag) {
    const reasoning = randomText(random, 20).replace(/</g, '(');
    expected.reasoning = reasoning;
    for (const piece of cut(`<think>${reasoning}</think>`, random)) events.push(dataLine(chunk({ content: piece }), newline));
  } else if (random() < 0.3) {
    const reasoning = randomText(random, 20);
    expected.reasoning = reasoning;
    for (const piece of cut(reasoning, random)) events.push(dataLine(chunk({ reasoning_content: piece }), newline));
  }
  let text = randomText(random, 60);
  if (thinkTag) text = text.replace(/^\s+/, ''); // Whitespace right after </think> is not part of the answer.
  if (!thinkTag && text.trimStart().startsWith('<')) text = `x${text}`; // A leading `<think` would be a think tag.
  expected.text = text;
  for (const piece of cut(text, random)) {
    events.push(dataLine(chunk({ content: piece }), newline));
    if (random() < 0.05) events.push(`: keep-alive${newline}${newline}`);
  }
  const callCount = Math.floor(random() * 3);
  const fragments: { index: number; piece: string; first: boolean; name: string }[][] = [];
  for (let index = 0; index < callCount; index++) {
    const name = `tool_${index}`;
    const args = { q: randomText(random, 10), n: Math.floor(random() * 100), flag: random() < 0.5 };
    expected.toolCalls.push({ name, arguments: args });
    fragments.push(cut(JSON.stringify(args), random).map((piece, i) => ({ index, piece, first: i === 0, name })));
  }
  while (fragments.some((list) => list.length > 0)) {
    const open = fragments.filter((list) => list.length > 0);
    const list = open[Math.floor(random() * open.length)];
    const fragment = list?.shift();
    if (!fragment) continue;
    const call = fragment.first
      ? { index: fragment.index, id: `call_${fragment.index}`, type: 'function', function: { name: fragment.name, arguments: fragment.piece } }
      : { index: fragment.index, function: { arguments: fragment.piece } };
    events.push(dataLine(chunk({ tool_calls: [call] }), newline));
  }
  events.push(dataLine(chunk({}, callCount > 0 ? 'tool_calls' : 'stop'), newline));
  if (random() < 0.5) events.push(dataLine({ id: 'x', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }, newline));
  if (random() < 0.8) events.push(`data: [DONE]${newline}${newline}`);
  return { body: events.join(''), expected };
}

async function run(body: Uint8Array, pieces: Uint8Array[]): Promise<Outcome> {
  const { fetch } = fakeFetch((call) => piecesResponse(pieces.length > 0 ? pieces : [body], { signal: call.signal }));
  const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:9', maxRetries: 0, generateId: () => 'generated' });
  return collectOutcome(client, BASIC_REQUEST);
}

describe('fuzz: stream assembly', function () {
  this.timeout(300_000);

  it(`${CASES} random valid transcripts, cut at random boundaries, assemble like the unsplit body`, async () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const random = mulberry32(seed);
      const { body, expected } = randomTranscript(random);
      const bytes = utf8(body);
      const whole = await run(bytes, [bytes]);
      const [pieces] = [...seededSplits(bytes, seed, 1, 1 + Math.floor(random() * 40))];
      const split = await run(bytes, pieces ?? [bytes]);
      try {
        assert.deepEqual(split, whole);
        assert.equal(whole.error, undefined);
        assert.equal(whole.text, expected.text);
        assert.equal(whole.reasoning, expected.reasoning);
        assert.deepEqual(whole.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })), expected.toolCalls);
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}\nbody: ${JSON.stringify(body).slice(0, 2000)}`, { cause: error });
      }
    }
  });

  it(`${CASES} random garbage bodies never throw anything but a typed AskModelError`, async () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const random = mulberry32(seed * 7919);
      const { body } = randomTranscript(random);
      const bytes = utf8(body);
      // Corrupt: flip, drop or insert random bytes, and sometimes cut the body short.
      const garbage = Array.from(bytes);
      const edits = 1 + Math.floor(random() * 8);
      for (let i = 0; i < edits; i++) {
        const at = Math.floor(random() * garbage.length);
        const roll = random();
        if (roll < 0.4) garbage[at] = Math.floor(random() * 256);
        else if (roll < 0.7) garbage.splice(at, 1);
        else garbage.splice(at, 0, Math.floor(random() * 256));
      }
      if (random() < 0.3) garbage.length = Math.floor(random() * garbage.length);
      const corrupted = Uint8Array.from(garbage);
      const [pieces] = [...seededSplits(corrupted, seed, 1, 32)];
      const { fetch } = fakeFetch((call) => piecesResponse(pieces ?? [corrupted], { signal: call.signal, headers: random() < 0.1 ? {} : { 'content-type': 'text/event-stream' } }));
      const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
      try {
        for await (const event of client.stream(BASIC_REQUEST)) void event;
      } catch (error) {
        if (!(error instanceof AskModelError)) throw new Error(`seed ${seed}: untyped ${String(error)}\nbody: ${JSON.stringify(new TextDecoder().decode(corrupted)).slice(0, 1000)}`, { cause: error });
      }
    }
  });
});
