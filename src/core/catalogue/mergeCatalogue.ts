// One profile's catalogue: the facts every discovery endpoint gave, merged per model id, then the user's per-model
// overrides on top. Each merged fact keeps the origin of the statement that won, so the picker (and a log) can say
// where a number came from.
//
// Whose word wins, fact by fact:
// 1. The user's override, always.
// 2. What the running server will accept or do (basis `serving`), over what a listing says (`listing`), over what the
//    model was trained for (`trained`): llama.cpp's n_ctx and vLLM's max_model_len are the windows the server
//    enforces, Ollama's num_ctx is the window it runs the model with, and a trained length the server may well not
//    grant is only a last resort.
// 3. Between endpoints of one basis, the more specific first: llama.cpp's /props (one slot's window, what one request
//    may use) before its /v1/models meta (the whole context over all slots); LiteLLM's /model/info (per deployment)
//    before /model_group/info (per group) before /v1/models; then Ollama's /api/ps (the window a loaded model runs
//    with) before its /api/show. LM Studio's /api/v0/models (loaded_context_length) ranks with llama.cpp's /props.
// 4. Several statements of the same rank (LiteLLM deployments behind one model name, among which the router picks):
//    the one every deployment honours: the smallest window and output limit, the dearest price, a capability only if
//    all have it.
import type { ModelBodySettings } from '../request/modelBodyFields';
import { emptyModelInfo, FACT_NAMES, recordFact, type DiscoveryEndpoint, type FactBasis, type FactName, type FactOrigin, type ModelFacts, type ModelInfo } from '../protocol/modelInfo';

/**
 * The user's per-model settings; each fact set replaces whatever the servers said. The sampling parameters, extra
 * body and headers are not facts: they are sent with every request to the model (modelBodyFields, the transport).
 */
export interface ModelOverride extends ModelBodySettings {
  contextWindow?: number;
  maxOutputTokens?: number;
  /** Sent as `reasoning_effort`. */
  reasoningEffort?: string;
  /** Tools on or off for this model. */
  tools?: boolean;
  vision?: boolean;
  /** Send the reasoning of earlier answers back as `reasoning_content`: true always, false never. */
  sendReasoning?: boolean;
  /** The raw fill-in-the-middle prompt for inline completions: a family's name, or a template with {prefix} and {suffix}. */
  fimTemplate?: string;
  /** Sent with every request to the model, over the profile's headers. */
  headers?: Record<string, string>;
}

/** Overrides by model id. */
export type ModelOverrides = Readonly<Record<string, ModelOverride>>;

const BASIS_ORDER: readonly FactBasis[] = ['override', 'serving', 'listing', 'trained'];
/** Between statements of one basis, the lower rank's word wins (the header's point 3). Each endpoint has its own. */
export const ENDPOINT_RANK: Record<DiscoveryEndpoint | 'override', number> = {
  override: 0,
  'GET /props': 1,
  'GET /api/v0/models': 2,
  'GET /model/info': 3,
  'GET /model_group/info': 4,
  'GET /v1/models': 5,
  'GET /api/ps': 6,
  'POST /api/show': 7,
  'GET /api/tags': 8,
};
const RANKS_PER_BASIS = Math.max(...Object.values(ENDPOINT_RANK)) + 1;

/**
 * Merges what the endpoints said into one entry per model id, in the order the ids first appear (pass the
 * `/v1/models` list first to keep the server's order), and applies the overrides of the ids found. A model no
 * endpoint listed gets none: apply its override to `emptyModelInfo(id)` with `applyOverride`.
 */
export function mergeCatalogue(discovered: readonly ModelInfo[], overrides: ModelOverrides = {}): ModelInfo[] {
  const byId = new Map<string, ModelInfo[]>();
  for (const info of discovered) {
    const same = byId.get(info.id);
    if (same) same.push(info);
    else byId.set(info.id, [info]);
  }
  return [...byId].map(([id, infos]) => {
    const merged = emptyModelInfo(id);
    for (const name of FACT_NAMES) mergeFact(merged, name, infos);
    return applyOverride(merged, Object.hasOwn(overrides, id) ? overrides[id] : undefined);
  });
}

/** The model with the override's settings in place of what the servers said; settings left out change nothing. */
export function applyOverride(info: ModelInfo, override: ModelOverride | undefined): ModelInfo {
  if (override === undefined) return info;
  const result: ModelInfo = { ...info, sources: { ...info.sources } };
  const set = <K extends FactName>(name: K, value: ModelFacts[K] | undefined, setting: keyof ModelOverride) =>
    recordFact(result, name, value, { endpoint: 'override', field: setting, basis: 'override' });
  set('contextWindow', positiveWhole(override.contextWindow), 'contextWindow');
  set('maxOutputTokens', positiveWhole(override.maxOutputTokens), 'maxOutputTokens');
  set('reasoningEffort', override.reasoningEffort?.trim() || undefined, 'reasoningEffort');
  set('supportsTools', override.tools, 'tools');
  set('supportsVision', override.vision, 'vision');
  set('sendsReasoningBack', override.sendReasoning, 'sendReasoning');
  return result;
}

function positiveWhole(value: number | undefined): number | undefined {
  return value !== undefined && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

interface Statement<K extends FactName> {
  value: NonNullable<ModelFacts[K]>;
  origin: FactOrigin;
}

function mergeFact<K extends FactName>(merged: ModelInfo, name: K, infos: readonly ModelInfo[]): void {
  const statements: Statement<K>[] = [];
  for (const info of infos) {
    const value = info[name];
    const origin = info.sources[name];
    if (value !== undefined && origin !== undefined) statements.push({ value, origin });
  }
  const best = Math.min(...statements.map(({ origin }) => rank(origin)));
  const winners = statements.filter(({ origin }) => rank(origin) === best);
  const first = winners[0];
  if (first === undefined) return; // no endpoint stated it: it stays unknown
  recordFact(merged, name, combine(name, winners.map(({ value }) => value)), first.origin);
}

function rank(origin: FactOrigin): number {
  return BASIS_ORDER.indexOf(origin.basis) * RANKS_PER_BASIS + ENDPOINT_RANK[origin.endpoint];
}

/** Statements of equal rank combined into the one every one of them honours (see the header, point 4). */
function combine<K extends FactName>(name: K, values: readonly NonNullable<ModelFacts[K]>[]): ModelFacts[K] {
  const numbers = values as readonly number[];
  switch (name) {
    case 'contextWindow':
    case 'maxContextWindow':
    case 'maxOutputTokens':
      return Math.min(...numbers) as ModelFacts[K];
    case 'inputPricePerToken':
    case 'outputPricePerToken':
      return Math.max(...numbers) as ModelFacts[K];
    case 'supportsTools':
    case 'supportsVision':
    case 'supportsReasoning':
      return (values as readonly boolean[]).every(Boolean) as ModelFacts[K];
    default:
      return values[0];
  }
}
