// The discovery corpus (test/fixtures/discovery/<source>/<case>.json, described in its README): bodies real servers
// sent to the catalogue's discovery requests, loaded, checked for form, and read through the parser of their source.
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { FACT_NAMES, type ModelInfo } from '../../../src/core/protocol/modelInfo';
import { parseLiteLlmModelGroupInfo, parseLiteLlmModelInfo } from '../../../src/core/catalogue/liteLlmModelInfo';
import { parseLlamaCppProps } from '../../../src/core/catalogue/llamaCppProps';
import { parseOllamaShow } from '../../../src/core/catalogue/ollamaShow';
import { parseOllamaTags } from '../../../src/core/catalogue/ollamaTags';
import { parseOpenAiModels } from '../../../src/core/catalogue/openAiModels';
import { parseLmStudioModels } from '../../../src/core/catalogue/lmStudioModels';
import { parseOllamaPs } from '../../../src/core/catalogue/ollamaPs';
import { readProbeAnswer } from '../../../src/core/catalogue/discoverCatalogue';

export const DISCOVERY_DIR = path.resolve(__dirname, '..', '..', 'fixtures', 'discovery');

/** One folder per endpoint, each read by its own parser. */
export const DISCOVERY_SOURCES = ['openai-models', 'litellm-model-info', 'litellm-model-group-info', 'llamacpp-props', 'lmstudio-models', 'ollama-show', 'ollama-tags', 'ollama-ps', 'missing-route'] as const;
export type DiscoverySource = (typeof DISCOVERY_SOURCES)[number];

const knownFacts = z.strictObject({
  kind: z.enum(['chat', 'completion', 'embeddings', 'rerank', 'image', 'audio', 'moderation', 'other']).nullable(),
  contextWindow: z.number().int().positive().nullable(),
  maxContextWindow: z.number().int().positive().nullable(),
  maxOutputTokens: z.number().int().positive().nullable(),
  inputPricePerToken: z.number().nonnegative().nullable(),
  outputPricePerToken: z.number().nonnegative().nullable(),
  supportsTools: z.boolean().nullable(),
  supportsVision: z.boolean().nullable(),
  supportsReasoning: z.boolean().nullable(),
});
export type KnownFacts = z.infer<typeof knownFacts>;

const fixtureSchema = z.strictObject({
  server: z.string().min(1),
  description: z.string().min(1),
  kind: z.enum(['captured', 'documented example']),
  source: z.strictObject({
    url: z.string().url(),
    repository: z.string().optional(),
    path: z.string().optional(),
    commit: z.string().regex(/^[0-9a-f]{40}$/).optional(),
    note: z.string().optional(),
  }),
  request: z.string().min(1),
  requestedModel: z.string().min(1).optional(),
  body: z.string(),
  expected: z.strictObject({ models: z.number().int().nonnegative(), facts: z.record(z.string(), knownFacts) }),
});

export interface DiscoveryFixture {
  /** `<source>/<file name without .json>`: the test's name. */
  name: string;
  source: DiscoverySource;
  server: string;
  kind: 'captured' | 'documented example';
  sourceUrl: string;
  /** The model named in the request, for the endpoints whose body does not name it (/api/show). */
  requestedModel: string | undefined;
  /** The exact body text the server sent (or the documentation shows). */
  bodyText: string;
  expected: { models: number; facts: Record<string, KnownFacts> };
}

export function loadDiscoveryFixtures(only?: DiscoverySource): DiscoveryFixture[] {
  const fixtures: DiscoveryFixture[] = [];
  for (const source of only === undefined ? DISCOVERY_SOURCES : [only]) {
    const folder = path.join(DISCOVERY_DIR, source);
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json')).sort()) {
      const name = `${source}/${file.slice(0, -'.json'.length)}`;
      const parsed = fixtureSchema.safeParse(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')));
      if (!parsed.success) throw new Error(`${name}: not a discovery fixture (${z.prettifyError(parsed.error)})`);
      const data = parsed.data;
      fixtures.push({
        name,
        source,
        server: data.server,
        kind: data.kind,
        sourceUrl: data.source.url,
        requestedModel: data.requestedModel,
        bodyText: data.body,
        expected: data.expected,
      });
    }
  }
  return fixtures;
}

/** The fixture's body read by the parser of its endpoint, as the host will read a live response. */
export function parseFixture(fixture: DiscoveryFixture): ModelInfo[] {
  const body: unknown = JSON.parse(fixture.bodyText);
  switch (fixture.source) {
    case 'openai-models':
      return parseOpenAiModels(body);
    case 'litellm-model-info':
      return parseLiteLlmModelInfo(body);
    case 'litellm-model-group-info':
      return parseLiteLlmModelGroupInfo(body);
    case 'llamacpp-props':
      return parseLlamaCppProps(body, fixture.requestedModel);
    case 'ollama-show':
      if (fixture.requestedModel === undefined) throw new Error(`${fixture.name}: an /api/show fixture names its requestedModel`);
      return parseOllamaShow(body, fixture.requestedModel);
    case 'ollama-tags':
      return parseOllamaTags(body);
    case 'ollama-ps':
      return parseOllamaPs(body);
    case 'lmstudio-models':
      return parseLmStudioModels(body);
    case 'missing-route':
      return missingRouteAsEveryProbeReadsIt(body, fixture.requestedModel);
  }
}

/**
 * A 2xx body that says the route does not exist, as each probe of discovery reads it (readProbeAnswer, then the
 * endpoint's parser, asked about the model the request named where the endpoint's parser takes one): all it may find
 * is nothing. Without the check, /props' lenient parser names the model it was asked about.
 */
function missingRouteAsEveryProbeReadsIt(body: unknown, model: string | undefined): ModelInfo[] {
  const parsers: ((json: unknown) => ModelInfo[])[] = [
    parseOpenAiModels,
    parseLiteLlmModelInfo,
    parseLiteLlmModelGroupInfo,
    (json) => parseLlamaCppProps(json, model),
    parseLmStudioModels,
    (json) => (model === undefined ? [] : parseOllamaShow(json, model)),
    parseOllamaTags,
    parseOllamaPs,
  ];
  return parsers.flatMap((parse) => readProbeAnswer(body, parse));
}

/** A model's facts in the fixtures' form: every fact present, null where unknown. */
export function knownFactsOf(info: ModelInfo): KnownFacts {
  return {
    kind: info.kind ?? null,
    contextWindow: info.contextWindow ?? null,
    maxContextWindow: info.maxContextWindow ?? null,
    maxOutputTokens: info.maxOutputTokens ?? null,
    inputPricePerToken: info.inputPricePerToken ?? null,
    outputPricePerToken: info.outputPricePerToken ?? null,
    supportsTools: info.supportsTools ?? null,
    supportsVision: info.supportsVision ?? null,
    supportsReasoning: info.supportsReasoning ?? null,
  };
}

/** Differences between what the parser read and what the fixture expects (empty when they agree). */
export function compareWithExpected(fixture: DiscoveryFixture, models: readonly ModelInfo[]): string[] {
  const problems: string[] = [];
  if (models.length !== fixture.expected.models) problems.push(`${models.length} models, expected ${fixture.expected.models}`);
  for (const [id, expected] of Object.entries(fixture.expected.facts)) {
    const model = models.find((candidate) => candidate.id === id);
    if (model === undefined) {
      problems.push(`${id}: not found`);
      continue;
    }
    const actual = knownFactsOf(model);
    for (const name of FACT_NAMES) {
      // Only the user's overrides set these; no discovery fixture can.
      if (name === 'reasoningEffort' || name === 'sendsReasoningBack') continue;
      if (actual[name] !== expected[name]) problems.push(`${id}: ${name} is ${String(actual[name])}, expected ${String(expected[name])}`);
    }
  }
  for (const model of models) {
    for (const name of Object.keys(model.sources)) {
      if (!(name in model)) problems.push(`${model.id}: a source for ${name} but no value`);
    }
  }
  return problems;
}
