// LiteLLM's two model-info endpoints. Both carry the fields of LiteLLM's cost map (max_input_tokens,
// max_output_tokens, input/output_cost_per_token, supports_*), merged with what the proxy's config says:
// GET /model/info per deployment (model_name, with the fields under model_info), GET /model_group/info per model
// group (model_group, with the fields at the top). A client sends a group's name as `model`, so both are keyed by it.
//
// Where the cost map does not know a model, LiteLLM fills defaults rather than leaving fields out: costs of 0 and
// supports_* false (ModelGroupInfo's field defaults; get_model_info's `supports_*` checks answer false for a missing
// key). Those cannot be told from real answers, so a cost of 0 and a false flag count as unknown here; max_tokens is
// not read at all, as LiteLLM documents it as legacy: the output limit when the provider gives one, else the input one.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { tokenCount, usdPerToken } from './jsonValues';
import { recordFirstFact } from './factReaders';
import { emptyModelInfo, type DiscoveryEndpoint, type ModelInfo } from '../protocol/modelInfo';
import { kindOfLiteLlmMode } from './modelKinds';

const infoList = z.object({ data: z.unknown() });
const deployment = z.looseObject({ model_name: z.string().check(z.minLength(1)) });
const modelGroup = z.looseObject({ model_group: z.string().check(z.minLength(1)) });

/** The deployments of a `GET /model/info` body (also `/v1/model/info`, and `?litellm_model_id=`, which sends one). */
export function parseLiteLlmModelInfo(body: unknown): ModelInfo[] {
  return entriesOf(body).flatMap((item) => {
    const entry = deployment.safeParse(item);
    return entry.success ? [readCostMapFields(entry.data.model_name, item, 'GET /model/info', 'model_info.')] : [];
  });
}

/** The model groups of a `GET /model_group/info` body. */
export function parseLiteLlmModelGroupInfo(body: unknown): ModelInfo[] {
  return entriesOf(body).flatMap((item) => {
    const entry = modelGroup.safeParse(item);
    return entry.success ? [readCostMapFields(entry.data.model_group, item, 'GET /model_group/info', '')] : [];
  });
}

function entriesOf(body: unknown): unknown[] {
  const list = infoList.safeParse(body);
  if (!list.success) return [];
  const data = list.data.data;
  if (Array.isArray(data)) return data;
  return data === undefined || data === null ? [] : [data];
}

const knownCost = (value: unknown): number | undefined => {
  const price = usdPerToken(value);
  return price === 0 ? undefined : price;
};
const saysYes = (value: unknown): true | undefined => (value === true ? true : undefined);

function readCostMapFields(id: string, entry: unknown, endpoint: DiscoveryEndpoint, prefix: string): ModelInfo {
  const info = emptyModelInfo(id);
  // `mode` is the cost map's word for what the model is for (chat, embedding, rerank, …); null where the map lacks it.
  recordFirstFact(info, 'kind', endpoint, entry, [{ field: `${prefix}mode`, basis: 'listing', read: kindOfLiteLlmMode }]);
  recordFirstFact(info, 'contextWindow', endpoint, entry, [{ field: `${prefix}max_input_tokens`, basis: 'listing', read: tokenCount }]);
  recordFirstFact(info, 'maxOutputTokens', endpoint, entry, [{ field: `${prefix}max_output_tokens`, basis: 'listing', read: tokenCount }]);
  recordFirstFact(info, 'inputPricePerToken', endpoint, entry, [{ field: `${prefix}input_cost_per_token`, basis: 'listing', read: knownCost }]);
  recordFirstFact(info, 'outputPricePerToken', endpoint, entry, [{ field: `${prefix}output_cost_per_token`, basis: 'listing', read: knownCost }]);
  recordFirstFact(info, 'supportsTools', endpoint, entry, [{ field: `${prefix}supports_function_calling`, basis: 'listing', read: saysYes }]);
  recordFirstFact(info, 'supportsVision', endpoint, entry, [{ field: `${prefix}supports_vision`, basis: 'listing', read: saysYes }]);
  recordFirstFact(info, 'supportsReasoning', endpoint, entry, [{ field: `${prefix}supports_reasoning`, basis: 'listing', read: saysYes }]);
  return info;
}
