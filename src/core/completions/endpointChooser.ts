// Which way of asking a server for the middle works, found once and remembered. The candidates go from the richest to
// the plainest, in the probe rank each endpoint's record gives (completionEndpoints.ts), each endpoint in every style
// its record lists: first with `suffix` (the server applies the model's own template), then with the family's raw FIM
// prompt (a server or model that refuses `suffix`). A hosted API whose FIM is one endpoint (the record says which) is
// asked that, then chat. A candidate that answers "not here" is skipped for that server and model from then on (an
// endpoint with nothing behind it in every style: its URL is the same whatever is sent); one that answered is used
// until it stops answering. What was learnt is a plain object, so the host keeps it across sessions.
import { COMPLETION_ENDPOINTS, type CompletionEndpoint, type EndpointSetting } from '../settings/completionEndpointSetting';
import { ENDPOINT_RECORDS, isHost, type CompletionUrls, type EndpointRecord, type SuffixStyle } from './completionEndpoints';

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

/** Every endpoint, in the order `auto` probes a server it does not know. */
const BY_PROBE_RANK: readonly EndpointRecord[] = Object.values(ENDPOINT_RECORDS).sort((a, b) => a.probeRank - b.probeRank);

/** The chat endpoint, which every server has: the way left when a hosted API's own FIM endpoint does not answer. */
const CHAT_PLAN: EndpointPlan = { endpoint: 'chat', style: 'field' };

/** An endpoint's plans: each style its record lists, the raw FIM prompt only when the model's family has one. */
function plansOf(record: EndpointRecord, hasTemplate: boolean): EndpointPlan[] {
  return record.styles.filter((style) => style !== 'template' || hasTemplate).map((style) => ({ endpoint: record.endpoint, style }));
}

/** The candidates for a server, in the order they are tried. */
export function candidatePlans(urls: CompletionUrls, hasTemplate: boolean, setting: EndpointSetting): EndpointPlan[] {
  if (setting !== 'auto') return plansOf(ENDPOINT_RECORDS[setting], hasTemplate);
  const hosted = BY_PROBE_RANK.find((record) => record.onlyFimEndpointOf.some((host) => isHost(urls.root, host)));
  if (hosted) return [{ endpoint: hosted.endpoint, style: 'field' }, CHAT_PLAN];
  return BY_PROBE_RANK.flatMap((record) => plansOf(record, hasTemplate));
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

  /** Nothing answers `endpoint` on this server: every style of it is skipped from now on. */
  refusedEndpoint(server: string, endpoint: CompletionEndpoint): void {
    const known = this.entry(server);
    if (known.working?.endpoint === endpoint) known.working = undefined;
    for (const style of ENDPOINT_RECORDS[endpoint].styles) {
      const key = planKey({ endpoint, style });
      if (!known.refused.includes(key)) known.refused.push(key);
    }
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
