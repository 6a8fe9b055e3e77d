// llama.cpp's GET /props. default_generation_settings is slot 0's state, and its n_ctx is that slot's window: the
// server's context (-c) split over its slots (--parallel), which is exactly what one request can use, so it is the
// figure the server will accept. In router mode a bare /props answers a placeholder with n_ctx 0 (no model is
// loaded); `/props?model=<id>` answers for one model, which is why the caller may name it.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { flag, nonEmptyString, tokenCount } from './jsonValues';
import { recordFirstFact } from './factReaders';
import { emptyModelInfo, type ModelInfo } from '../protocol/modelInfo';

const ENDPOINT = 'GET /props';

const props = z.looseObject({ model_alias: z.optional(z.unknown()), model_path: z.optional(z.unknown()) });

/**
 * The one model a `/props` body describes. Its id is `model` when the caller asked for one, else the alias the
 * server was given (`--alias`), else the model path, which is what `/v1/models` lists as id without an alias. No id
 * to go by, or not a props body: no model.
 */
export function parseLlamaCppProps(body: unknown, model?: string): ModelInfo[] {
  const parsed = props.safeParse(body);
  if (!parsed.success) return [];
  const id = model ?? nonEmptyString(parsed.data.model_alias) ?? nonEmptyString(parsed.data.model_path);
  if (id === undefined) return [];
  const info = emptyModelInfo(id);
  recordFirstFact(info, 'contextWindow', ENDPOINT, body, [
    { field: 'default_generation_settings.n_ctx', basis: 'serving', read: tokenCount },
    { field: 'n_ctx', basis: 'serving', read: tokenCount },
  ]);
  // false when no multimodal projector is loaded: the server will refuse images, whatever the model could do.
  recordFirstFact(info, 'supportsVision', ENDPOINT, body, [{ field: 'modalities.vision', basis: 'serving', read: flag }]);
  return [info];
}
