// The recorded-response corpus (test/fixtures/recorded/<provider>/<case>.json, described in its README): loaded,
// checked for form, and handed to the replay tiers (ours and the openai SDK's) and the bench.
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as z from 'zod';

export const RECORDED_DIR = path.resolve(__dirname, '..', '..', 'fixtures', 'recorded');

const expectedSchema = z.strictObject({
  text: z.string().optional(),
  reasoning: z.string().optional(),
  refusal: z.string().optional(),
  toolCalls: z.array(z.strictObject({ id: z.string().optional(), name: z.string(), arguments: z.record(z.string(), z.unknown()) })).optional(),
  finishReason: z.string().optional(),
  usage: z.record(z.string(), z.number()).optional(),
  error: z.string().optional(),
  /** The kind of our error the caller gets (`context-overflow`, `rate-limit`, `server`, `stream`, …); with `error`. */
  errorKind: z.string().optional(),
});

const caseSchema = z.object({
  provider: z.string().min(1),
  description: z.string().min(1),
  source: z.object({
    url: z.string().url(),
    repository: z.string().optional(),
    path: z.string().optional(),
    commit: z.string().optional(),
    note: z.string().optional(),
  }),
  expectedFrom: z.enum(['source assertions', 'read from the body']),
  streamed: z.boolean(),
  status: z.number().int().default(200),
  /** Response headers the case depends on (lower-case names; content-type comes from `streamed`), e.g. a gateway's. */
  headers: z.record(z.string(), z.string()).default({}),
  body: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  expected: expectedSchema,
});

export type ExpectedAnswer = z.infer<typeof expectedSchema>;

export interface RecordedCase {
  /** `<provider>/<file name without .json>`: the test's name. */
  name: string;
  provider: string;
  description: string;
  sourceUrl: string;
  streamed: boolean;
  status: number;
  /** Response headers the case depends on, beyond content-type. */
  headers: Record<string, string>;
  /** The exact body text the server sent. */
  body: string;
  expected: ExpectedAnswer;
}

export function loadRecordedCases(dir = RECORDED_DIR): RecordedCase[] {
  const cases: RecordedCase[] = [];
  for (const provider of fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    for (const file of fs.readdirSync(path.join(dir, provider)).filter((name) => name.endsWith('.json')).sort()) {
      const name = `${provider}/${file.slice(0, -'.json'.length)}`;
      const parsed = caseSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, provider, file), 'utf8')));
      if (!parsed.success) throw new Error(`${name}: not a recorded case (${z.prettifyError(parsed.error)})`);
      const data = parsed.data;
      if (data.provider !== provider) throw new Error(`${name}: its provider is "${data.provider}" but it is filed under ${provider}/`);
      if (data.expected.errorKind !== undefined && data.expected.error === undefined) throw new Error(`${name}: expected.errorKind needs expected.error (the words the user must see)`);
      cases.push({
        name,
        provider,
        description: data.description,
        sourceUrl: data.source.url,
        streamed: data.streamed,
        status: data.status,
        headers: data.headers,
        body: typeof data.body === 'string' ? data.body : JSON.stringify(data.body),
        expected: data.expected,
      });
    }
  }
  return cases;
}

/** What a caller assembled from one answer, by whichever client: compared with a case's expectation. */
export interface AssembledAnswer {
  text: string;
  reasoning: string;
  refused: boolean;
  toolCalls: { id: string; name: string; arguments: unknown }[];
  finishReason: string | undefined;
  usage: Record<string, unknown> | undefined;
  /** The message of the error the caller got, if any. */
  error: string | undefined;
  /** Our error's `kind` (`none` when there was none); absent for a client with classes of its own (the SDK). */
  errorKind?: string;
}

/** The differences between what was assembled and what the case expects; empty when it is right. */
export function compareAnswer(expected: ExpectedAnswer, got: AssembledAnswer): string[] {
  const problems: string[] = [];
  const same = (what: string, want: unknown, have: unknown): void => {
    if (!isDeepStrictEqual(want, have)) problems.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(have)}`);
  };
  if (expected.error !== undefined) {
    if (!got.error?.includes(expected.error)) problems.push(`error: expected a message containing ${JSON.stringify(expected.error)}, got ${JSON.stringify(got.error)}`);
  } else if (got.error !== undefined) {
    problems.push(`unexpected error: ${got.error}`);
  }
  if (expected.errorKind !== undefined && got.errorKind !== undefined) same('error kind', expected.errorKind, got.errorKind);
  if (expected.refusal !== undefined) {
    same('refusal text (shown as the answer)', expected.refusal, got.text);
    same('marked as a refusal', true, got.refused);
  } else {
    if (expected.text !== undefined) same('text', expected.text, got.text);
    if (got.refused) problems.push('marked as a refusal, but the case has no refusal');
  }
  same('reasoning', expected.reasoning ?? '', got.reasoning);
  if (expected.error === undefined || expected.toolCalls !== undefined) {
    const want = expected.toolCalls ?? [];
    same(
      'tool calls',
      want.map((call) => ({ ...(call.id !== undefined ? { id: call.id } : {}), name: call.name, arguments: call.arguments })),
      got.toolCalls.map((call, i) => ({ ...(want[i]?.id !== undefined ? { id: call.id } : {}), name: call.name, arguments: call.arguments })),
    );
  }
  // An answer that ended in an error has no finish for the caller, whatever the body said before the error.
  if (expected.finishReason !== undefined && expected.error === undefined) same('finish reason', expected.finishReason, got.finishReason);
  if (expected.usage !== undefined) {
    for (const [key, value] of Object.entries(expected.usage)) same(`usage.${key}`, value, got.usage?.[key]);
  }
  return problems;
}
