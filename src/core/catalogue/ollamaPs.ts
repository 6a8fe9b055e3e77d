// Ollama's GET /api/ps: the models loaded now. Since Ollama 0.9.x each carries `context_length`, the window the loaded
// model actually runs with: it can be far below what /api/show says (the trained length, or a num_ctx the server cut
// to fit memory), so it is the figure the server enforces for as long as the model stays loaded. Older servers send
// no context_length: the model is named with no facts.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { nonEmptyString, tokenCount } from './jsonValues';
import { recordFirstFact } from './factReaders';
import { emptyModelInfo, type ModelInfo } from '../protocol/modelInfo';

const ENDPOINT = 'GET /api/ps';

const runningList = z.object({ models: z.array(z.unknown()) });
const running = z.looseObject({ name: z.optional(z.unknown()), model: z.optional(z.unknown()) });

/** The loaded models of an `/api/ps` body, by `name` (what /v1/models lists as id), else `model`. */
export function parseOllamaPs(body: unknown): ModelInfo[] {
  const list = runningList.safeParse(body);
  if (!list.success) return [];
  return list.data.models.flatMap((item) => {
    const entry = running.safeParse(item);
    const id = entry.success ? (nonEmptyString(entry.data.name) ?? nonEmptyString(entry.data.model)) : undefined;
    if (id === undefined) return [];
    const info = emptyModelInfo(id);
    recordFirstFact(info, 'contextWindow', ENDPOINT, item, [{ field: 'context_length', basis: 'serving', read: tokenCount }]);
    return [info];
  });
}
