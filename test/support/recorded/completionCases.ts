// The recorded completion corpus (test/fixtures/recorded/completions/<server>/<case>.json, described in its README):
// real bodies from completion endpoints (llama.cpp /infill and /completion, OpenAI-style /v1/completions, FIM
// endpoints, Ollama /api/generate), loaded and checked for form so a replay test can trust every field it reads.
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

export const COMPLETIONS_DIR = path.resolve(__dirname, '..', '..', 'fixtures', 'recorded', 'completions');

const outcomeSchema = z.enum(['text', 'suffix-refused', 'endpoint-unsupported', 'error']);

const expectedSchema = z
  .strictObject({
    outcome: outcomeSchema,
    text: z.string().optional(),
    finishReason: z.string().optional(),
    // Only these two names: each server's own names (tokens_evaluated, eval_count, ...) are mapped in the case's note.
    usage: z.strictObject({ prompt_tokens: z.number().int().optional(), completion_tokens: z.number().int().optional() }).optional(),
    error: z.string().optional(),
  })
  // A text case without its text, or a refusal without the words a client matches on, could never fail a replay.
  .refine((expected) => expected.outcome !== 'text' || expected.text !== undefined, { message: 'outcome "text" needs expected.text' })
  .refine((expected) => expected.outcome === 'text' || expected.error !== undefined, { message: 'a non-text outcome needs expected.error' });

const caseSchema = z
  .strictObject({
    server: z.string().min(1),
    endpoint: z.string().regex(/^(GET|POST) \/\S*$/, 'endpoint is "<METHOD> /path"'),
    description: z.string().min(1),
    source: z.strictObject({
      url: z.string().url(),
      repository: z.string().optional(),
      path: z.string().optional(),
      commit: z.string().regex(/^[0-9a-f]{40}$/, 'commit is 40 hex').optional(),
      note: z.string().optional(),
    }),
    expectedFrom: z.enum(['source assertions', 'read from the body']),
    request: z.record(z.string(), z.unknown()).optional(),
    streamed: z.boolean(),
    format: z.enum(['json', 'sse', 'ndjson']),
    status: z.number().int().default(200),
    body: z.string(),
    expected: expectedSchema,
  })
  // `streamed` and `format` say the same thing twice; a case where they disagree would be replayed the wrong way.
  .refine((data) => data.streamed === (data.format === 'sse'), { message: 'streamed must be true exactly when format is "sse"' });

export type CompletionOutcome = z.infer<typeof outcomeSchema>;
export type ExpectedCompletion = z.infer<typeof expectedSchema>;

export interface CompletionCase {
  /** `<server>/<file name without .json>`: the test's name. */
  name: string;
  /** The path of the case file, relative to the corpus directory. */
  file: string;
  server: string;
  endpoint: string;
  description: string;
  source: { url: string; repository?: string; path?: string; commit?: string; note?: string };
  expectedFrom: 'source assertions' | 'read from the body';
  request?: Record<string, unknown>;
  streamed: boolean;
  format: 'json' | 'sse' | 'ndjson';
  status: number;
  /** The exact body text the server sent. */
  body: string;
  expected: ExpectedCompletion;
}

export function loadCompletionCases(dir = COMPLETIONS_DIR): CompletionCase[] {
  const cases: CompletionCase[] = [];
  const servers = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const server of servers) {
    for (const fileName of fs.readdirSync(path.join(dir, server)).filter((name) => name.endsWith('.json')).sort()) {
      const file = `${server}/${fileName}`;
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      } catch (error) {
        throw new Error(`${file}: not JSON (${(error as Error).message})`, { cause: error });
      }
      const parsed = caseSchema.safeParse(raw);
      if (!parsed.success) throw new Error(`${file}: not a completion case (${z.prettifyError(parsed.error)})`);
      const data = parsed.data;
      if (data.server !== server) throw new Error(`${file}: its server is "${data.server}" but it is filed under ${server}/`);
      cases.push({ name: file.slice(0, -'.json'.length), file, ...data });
    }
  }
  return cases;
}
