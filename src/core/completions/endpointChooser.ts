// Which way of asking a server for the middle works, found once and remembered. The candidates go from the richest to
// the plainest: llama.cpp's /infill (other files' chunks, the server's prompt cache), Ollama's /api/generate, then
// /v1/completions, each first with `suffix` (the server applies the model's own template) and then with the family's
// raw FIM prompt (a server or model that refuses `suffix`), Mistral's /v1/fim/completions, and the chat endpoint every
// server has. A
// candidate that answers "not here" is skipped for that server and model from then on; one that answered is used
// until it stops answering. What was learnt is a plain object, so the host keeps it across sessions.
import { COMPLETION_ENDPOINTS, type CompletionEndpoint, type EndpointSetting } from '../settings/completionEndpointSetting';
import { isHost, type CompletionUrls, type SuffixStyle } from './completionEndpoints';

export interface EndpointPlan {
  endpoint: CompletionEndpoint;
  style: SuffixStyle;
}

/** What is known of one server and model: the plan that worked, the plans that did not, the fields it refused. */
export interface LearntEndpoints {
  working?: EndpointPlan | undefined;
  refused: string[];
  droppedFields: Partial<Record<CompletionEndpoint, string[]>>;
}

export type LearntEndpointsByServer = Record<string, LearntEndpoints>;

export function planKey(plan: EndpointPlan): string {
  return `${plan.endpoint}/${plan.style}`;
}

/** The candidates for a server, in the order they are tried. */
export function candidatePlans(urls: CompletionUrls, hasTemplate: boolean, setting: EndpointSetting): EndpointPlan[] {
  const withTemplate = (endpoint: CompletionEndpoint): EndpointPlan[] => [{ endpoint, style: 'field' }, ...(hasTemplate ? [{ endpoint, style: 'template' as const }] : [])];
  if (setting !== 'auto') return setting === 'completions' || setting === 'ollama-generate' ? withTemplate(setting) : [{ endpoint: setting, style: 'field' }];
  // Mistral's API has FIM at its own path only, and DeepSeek's /beta/completions takes `suffix`.
  if (isHost(urls.root, 'api.mistral.ai') || isHost(urls.root, 'codestral.mistral.ai')) return [{ endpoint: 'fim', style: 'field' }, { endpoint: 'chat', style: 'field' }];
  if (isHost(urls.root, 'api.deepseek.com')) return [{ endpoint: 'completions', style: 'field' }, { endpoint: 'chat', style: 'field' }];
  // Ollama before /v1/completions: its /v1/completions wraps a prompt without `suffix` in the chat template, so the raw
  // FIM prompt must go to /api/generate with `raw`. Servers without /api/generate answer 404 at once.
  return [{ endpoint: 'infill', style: 'field' }, ...withTemplate('ollama-generate'), ...withTemplate('completions'), { endpoint: 'fim', style: 'field' }, { endpoint: 'chat', style: 'field' }];
}

export class EndpointChooser {
  constructor(
    private readonly learnt: LearntEndpointsByServer = {},
    private readonly onLearnt: (learnt: LearntEndpointsByServer) => void = () => undefined,
  ) {}

  /** The plan to try for `server`: the one that worked, else the first candidate not refused; undefined when none is left. */
  planFor(server: string, candidates: readonly EndpointPlan[]): EndpointPlan | undefined {
    const known = this.learnt[server];
    const working = known?.working;
    if (working && candidates.some((plan) => planKey(plan) === planKey(working))) return working;
    return candidates.find((plan) => !known?.refused.includes(planKey(plan)));
  }

  /** The plan answered: it is the one to use from now on. True the first time (worth a log line). */
  worked(server: string, plan: EndpointPlan): boolean {
    const known = this.entry(server);
    if (known.working && planKey(known.working) === planKey(plan)) return false;
    known.working = plan;
    this.onLearnt(this.learnt);
    return true;
  }

  /** The plan cannot serve this server and model: the next candidate is tried. */
  refused(server: string, plan: EndpointPlan): void {
    const known = this.entry(server);
    if (known.working && planKey(known.working) === planKey(plan)) known.working = undefined;
    if (!known.refused.includes(planKey(plan))) known.refused.push(planKey(plan));
    this.onLearnt(this.learnt);
  }

  /** A field this endpoint refused; requests there go without it from now on. */
  dropField(server: string, endpoint: CompletionEndpoint, field: string): void {
    const known = this.entry(server);
    const fields = (known.droppedFields[endpoint] ??= []);
    if (!fields.includes(field)) fields.push(field);
    this.onLearnt(this.learnt);
  }

  droppedFields(server: string, endpoint: CompletionEndpoint): readonly string[] {
    return this.learnt[server]?.droppedFields[endpoint] ?? [];
  }

  /** Forgets what was learnt of `server` (the user changed its settings, or asked to probe again). */
  forget(server: string): void {
    delete this.learnt[server];
    this.onLearnt(this.learnt);
  }

  private entry(server: string): LearntEndpoints {
    return (this.learnt[server] ??= { refused: [], droppedFields: {} });
  }
}

/** A stored value read back: what was learnt, or nothing for anything else (an old or damaged value probes afresh). */
export function readLearntEndpoints(stored: unknown): LearntEndpointsByServer {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const result: LearntEndpointsByServer = {};
  for (const [server, value] of Object.entries(stored as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const entry = value as Record<string, unknown>;
    const refused = Array.isArray(entry['refused']) ? entry['refused'].filter((item): item is string => typeof item === 'string') : [];
    const working = isPlan(entry['working']) ? entry['working'] : undefined;
    result[server] = { working, refused, droppedFields: readDroppedFields(entry['droppedFields']) };
  }
  return result;
}

/** Lists of field names under known endpoints only: dropField pushes onto them and the engine deletes each name. */
function readDroppedFields(stored: unknown): LearntEndpoints['droppedFields'] {
  const dropped: LearntEndpoints['droppedFields'] = {};
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return dropped;
  for (const [endpoint, fields] of Object.entries(stored as Record<string, unknown>)) {
    if (!isEndpoint(endpoint) || !Array.isArray(fields)) continue;
    const names = fields.filter((field): field is string => typeof field === 'string');
    if (names.length > 0) dropped[endpoint] = names;
  }
  return dropped;
}

function isPlan(value: unknown): value is EndpointPlan {
  if (typeof value !== 'object' || value === null) return false;
  const plan = value as Record<string, unknown>;
  return typeof plan['endpoint'] === 'string' && isEndpoint(plan['endpoint']) && (plan['style'] === 'field' || plan['style'] === 'template');
}

function isEndpoint(value: string): value is CompletionEndpoint {
  return (COMPLETION_ENDPOINTS as readonly string[]).includes(value);
}
