// Ollama's POST /api/show {"model": "<name>"}. The window it runs a model with is the num_ctx in its parameters when
// the Modelfile sets one; model_info's "<arch>.context_length" is only what the model was trained for (Ollama runs it
// with its own, often far smaller, default). capabilities is Ollama's own verdict on what it will do with the model:
// it refuses tools, images or thinking for a model whose list lacks them. Older servers send neither model_info nor
// capabilities.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { nonEmptyString, recordOf, stringList, tokenCount } from './jsonValues';
import { recordFirstFact } from './factReaders';
import { emptyModelInfo, recordFact, type ModelInfo } from '../protocol/modelInfo';
import { kindOfOllamaCapabilities } from './modelKinds';

const ENDPOINT = 'POST /api/show';

const showResponse = z.looseObject({ parameters: z.optional(z.unknown()), model_info: z.optional(z.unknown()), error: z.optional(z.unknown()) });

/** The model a `/api/show` body describes; the body does not name it, so `model` is the name that was asked for. */
export function parseOllamaShow(body: unknown, model: string): ModelInfo[] {
  const parsed = showResponse.safeParse(body);
  // An unknown model is answered with {"error": "model 'x' not found"}: no description at all.
  if (!parsed.success || parsed.data.error !== undefined) return [];
  const info = emptyModelInfo(model);
  recordFact(info, 'contextWindow', numCtx(parsed.data.parameters), { endpoint: ENDPOINT, field: 'parameters num_ctx', basis: 'serving' });
  const trained = trainedContextLength(parsed.data.model_info);
  if (trained !== undefined) {
    const origin = { endpoint: ENDPOINT, field: trained.field, basis: 'trained' } as const;
    if (info.contextWindow === undefined) recordFact(info, 'contextWindow', trained.value, origin);
    recordFact(info, 'maxContextWindow', trained.value, origin);
  }
  const capabilities = (name: string) => (value: unknown) => stringList(value)?.includes(name);
  recordFirstFact(info, 'kind', ENDPOINT, body, [{ field: 'capabilities', basis: 'serving', read: kindOfOllamaCapabilities }]);
  recordFirstFact(info, 'supportsTools', ENDPOINT, body, [{ field: 'capabilities', basis: 'serving', read: capabilities('tools') }]);
  recordFirstFact(info, 'supportsVision', ENDPOINT, body, [{ field: 'capabilities', basis: 'serving', read: capabilities('vision') }]);
  recordFirstFact(info, 'supportsReasoning', ENDPOINT, body, [{ field: 'capabilities', basis: 'serving', read: capabilities('thinking') }]);
  return [info];
}

/** `parameters` is the Modelfile's PARAMETER lines as text, one `name<spaces>value` a line. */
function numCtx(parameters: unknown): number | undefined {
  if (typeof parameters !== 'string') return undefined;
  for (const line of parameters.split('\n')) {
    const match = /^\s*num_ctx\s+(\S+)\s*$/.exec(line);
    if (match) return tokenCount(match[1]);
  }
  return undefined;
}

/** model_info["<general.architecture>.context_length"], or, with no architecture named, the one *.context_length key. */
function trainedContextLength(modelInfo: unknown): { value: number; field: string } | undefined {
  const record = recordOf(modelInfo);
  if (record === undefined) return undefined;
  const architecture = nonEmptyString(record['general.architecture']);
  const keys = architecture !== undefined ? [`${architecture}.context_length`] : Object.keys(record).filter((key) => key.endsWith('.context_length'));
  if (keys.length !== 1 || keys[0] === undefined) return undefined;
  const value = tokenCount(record[keys[0]]);
  return value === undefined ? undefined : { value, field: `model_info.${keys[0]}` };
}
