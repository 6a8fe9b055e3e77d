// Lenient readers for the model lists servers send back. Unknown fields are ignored. (Answers are read by
// chunkReader, by hand: it runs once per token.)
import * as z from 'zod/mini';
import './zodMessages';

const listedModel = z.object({ id: z.string() });
const openAiModelList = z.object({ data: z.array(listedModel) });
const bareModelList = z.array(listedModel);
const ollamaModelList = z.object({ models: z.array(z.object({ id: z.optional(z.string()), name: z.optional(z.string()), model: z.optional(z.string()) })) });
const listEnvelope = z.object({ data: z.array(z.unknown()) });

/**
 * The entries of a `GET /models` answer, whatever they hold: OpenAI's `{"data": [...]}`, or the bare array Together
 * answers (`ModelInfoList` in its OpenAPI spec is `type: array`). Undefined when the body is neither.
 */
export function modelListEntries(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json as unknown[];
  const envelope = listEnvelope.safeParse(json);
  return envelope.success ? envelope.data.data : undefined;
}

/**
 * Model ids from a `GET /models` answer: the OpenAI `{data:[{id}]}` shape, the same entries as a bare array
 * (Together), or Ollama's `{models:[{name}]}`.
 */
export function readModelIds(json: unknown): string[] | undefined {
  const openAi = openAiModelList.safeParse(json);
  if (openAi.success) return openAi.data.data.map((model) => model.id);
  const bare = bareModelList.safeParse(json);
  if (bare.success) return bare.data.map((model) => model.id);
  const ollama = ollamaModelList.safeParse(json);
  if (ollama.success) return ollama.data.models.map((model) => model.id ?? model.name ?? model.model ?? '');
  return undefined;
}
