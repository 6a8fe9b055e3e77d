// LM Studio's own REST API, GET /api/v0/models: every downloaded model with its `state` (loaded or not-loaded), its
// `type` (llm, vlm, embeddings), its `max_context_length` (what the model was trained for) and, for a loaded model,
// `loaded_context_length`: the window LM Studio loaded it with, which is what it enforces (often far below the
// maximum; its overflow errors name the same figure). The OpenAI-compatible /v1/models of the same server lists ids only.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { stringList, tokenCount } from './jsonValues';
import { recordFirstFact } from './factReaders';
import { emptyModelInfo, type ModelInfo } from '../protocol/modelInfo';
import { kindOfLmStudioType } from './modelKinds';

const ENDPOINT = 'GET /api/v0/models';

const modelList = z.object({ data: z.array(z.unknown()) });
const modelEntry = z.looseObject({ id: z.string().check(z.minLength(1)) });

/**
 * Every model of a `/api/v0/models` body, each with its kind (`type`: llm and vlm chat, embeddings do not), so the
 * catalogue knows the embedding models too while the chat pickers leave them out.
 */
export function parseLmStudioModels(body: unknown): ModelInfo[] {
  const list = modelList.safeParse(body);
  if (!list.success) return [];
  const models: ModelInfo[] = [];
  for (const item of list.data.data) {
    const entry = modelEntry.safeParse(item);
    if (!entry.success) continue;
    const info = emptyModelInfo(entry.data.id);
    recordFirstFact(info, 'kind', ENDPOINT, item, [{ field: 'type', basis: 'serving', read: kindOfLmStudioType }]);
    recordFirstFact(info, 'contextWindow', ENDPOINT, item, [
      { field: 'loaded_context_length', basis: 'serving', read: tokenCount },
      { field: 'max_context_length', basis: 'trained', read: tokenCount },
    ]);
    recordFirstFact(info, 'maxContextWindow', ENDPOINT, item, [{ field: 'max_context_length', basis: 'trained', read: tokenCount }]);
    // `vlm` is LM Studio's word for a model it will give images to; `llm` is one it will not.
    recordFirstFact(info, 'supportsVision', ENDPOINT, item, [
      { field: 'type', basis: 'serving', read: (value) => (value === 'vlm' ? true : value === 'llm' ? false : undefined) },
    ]);
    // Newer servers list `capabilities` (["tool_use"]) for models trained for tools; LM Studio still takes tools for
    // the others (it parses calls out of the text), so only a listed `tool_use` answers.
    recordFirstFact(info, 'supportsTools', ENDPOINT, item, [
      { field: 'capabilities', basis: 'listing', read: (value) => (stringList(value)?.includes('tool_use') ? true : undefined) },
    ]);
    models.push(info);
  }
  return models;
}
