// Two parallel tool calls streamed the way servers do it: each call opens with one fragment carrying its index, id,
// type and name (arguments ""), then its JSON arguments follow in token-sized pieces that carry only index and
// arguments. The two calls are interleaved in short bursts, so a client must assemble by `index`, not by order.
import type { SeededRandom } from './seededRandom';
import { textTokens } from './textTokens';

export interface PlannedCall {
  index: number;
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** One `delta.tool_calls[0]` as it goes on the wire. */
export type ToolCallDelta =
  | { index: number; id: string; type: 'function'; function: { name: string; arguments: '' } }
  | { index: number; function: { arguments: string } };

/** Per call, how many fragments it streams (the opening one included). Together: the transcript's tool stretch. */
const FRAGMENTS_PER_CALL = [1_200, 800] as const;

export function plannedCalls(random: SeededRandom): PlannedCall[] {
  const text = (codePoints: number): string => {
    let out = '';
    for (let length = 0; length < codePoints; ) {
      const piece = textTokens(random, 64).join('');
      out += piece;
      length += Array.from(piece).length;
    }
    return out;
  };
  // Argument text sized so each piece averages ~4 characters, the size of a JSON token.
  return [
    {
      index: 0,
      id: `call_${random.word(24)}`,
      name: 'replace_in_file',
      arguments: { path: 'src/core/stream/chatAssembler.ts', find: text(2_300), replace: text(2_300), expectedMatches: 1 },
    },
    {
      index: 1,
      id: `call_${random.word(24)}`,
      name: 'search_workspace',
      arguments: { query: text(120), include: ['src/**/*.ts', 'test/**/*.ts'], caseSensitive: false, maxResults: 50, context: text(2_900) },
    },
  ];
}

export function toolCallDeltas(random: SeededRandom, calls: readonly PlannedCall[]): ToolCallDelta[] {
  const perCall = calls.map((call, position): ToolCallDelta[] => {
    const fragments = FRAGMENTS_PER_CALL[position];
    if (fragments === undefined) throw new Error(`no fragment count for tool call ${position}`);
    const pieces = splitIntoPieces(random, JSON.stringify(call.arguments), fragments - 1);
    return [
      { index: call.index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
      ...pieces.map((piece) => ({ index: call.index, function: { arguments: piece } })),
    ];
  });
  const result: ToolCallDelta[] = [];
  const next = perCall.map(() => 0);
  // The first call opens first; after that, bursts of 1–4 fragments from a call chosen by how much it has left.
  let current = 0;
  for (;;) {
    const left = perCall.map((sequence, position) => sequence.length - next[position]!);
    const total = left.reduce((sum, count) => sum + count, 0);
    if (total === 0) break;
    if (result.length > 0) {
      let roll = random.next() * total;
      current = left.findIndex((count) => (roll -= count) < 0);
      if (current < 0) current = left.findIndex((count) => count > 0);
    }
    for (let burst = random.int(1, 4); burst > 0 && next[current]! < perCall[current]!.length; burst--) {
      result.push(perCall[current]![next[current]!]!);
      next[current]!++;
    }
  }
  return result;
}

export function fragmentCount(): number {
  return FRAGMENTS_PER_CALL.reduce((sum, count) => sum + count, 0);
}

/** Exactly `count` non-empty pieces at random cut points, never inside a surrogate pair. */
function splitIntoPieces(random: SeededRandom, text: string, count: number): string[] {
  const codePoints = Array.from(text);
  if (codePoints.length < count) throw new Error(`argument text of ${codePoints.length} characters cannot make ${count} pieces`);
  const cuts = new Set<number>();
  while (cuts.size < count - 1) cuts.add(random.int(1, codePoints.length - 1));
  const sorted = [...cuts].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const cut of [...sorted, codePoints.length]) {
    pieces.push(codePoints.slice(start, cut).join(''));
    start = cut;
  }
  return pieces;
}
