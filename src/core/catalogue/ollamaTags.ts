// Ollama's GET /api/tags: the models installed (or, for ollama.com, offered). It names them and says nothing the
// catalogue keeps (details.parameter_size and the like are not limits), so each model comes with no facts; /api/show
// is asked for those.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { nonEmptyString } from './jsonValues';
import { emptyModelInfo, type ModelInfo } from '../protocol/modelInfo';

const tagList = z.object({ models: z.array(z.unknown()) });
const tag = z.looseObject({ name: z.optional(z.unknown()), model: z.optional(z.unknown()) });

/** The models of a `/api/tags` body, by `name` (what Ollama's /v1/models lists as id), else `model`. */
export function parseOllamaTags(body: unknown): ModelInfo[] {
  const list = tagList.safeParse(body);
  if (!list.success) return [];
  return list.data.models.flatMap((item) => {
    const entry = tag.safeParse(item);
    const id = entry.success ? (nonEmptyString(entry.data.name) ?? nonEmptyString(entry.data.model)) : undefined;
    return id === undefined ? [] : [emptyModelInfo(id)];
  });
}
