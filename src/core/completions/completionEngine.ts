// Inline completions as a state machine with ports, free of VS Code: the host hands it the text around the cursor and
// a sender for the active profile's server, and gets back the ghost text to show, or nothing. In order: the cache
// (retyping, undo and typing into a suggestion cost no request); whether this server may be asked now (after a
// failure it backs off, after a bad key or a missing model it stops until the settings change); the scheduler
// (debounce, one request at a time, the older one aborted); then the endpoint the server was found to answer, trying
// the next one when a server says "not here"; and the answer cut to what should show.
import { formatMs } from '../text/formatMs';
import type { CompletionAnswer } from './completionAnswer';
import type { CompletionSender } from './completionClient';
import type { CompletionEndpoint, EndpointSetting } from '../settings/completionEndpointSetting';
import { endpointUrl, ENDPOINT_RECORDS } from './completionEndpoints';
import type { CompletionInput } from './completionInput';
import { classifyCompletionFailure, type CompletionFailure } from './completionFailure';
import { CompletionScheduler, systemClock, type SchedulerClock } from './completionScheduler';
import { candidatePlans, EndpointChooser, planKey, type EndpointPlan } from './endpointChooser';
import { cleanChatAnswer, shapeSuggestion, wantsMultipleLines } from './shapeSuggestion';
import { SuggestionCache } from './suggestionCache';

export interface SuggestRequest {
  /** The server and model, as what was learnt about endpoints is kept: the chat URL and the model. */
  server: string;
  sender: CompletionSender;
  endpoint: EndpointSetting;
  /** Everything but `multiline`, which the engine decides from the cursor's place. */
  input: Omit<CompletionInput, 'multiline'>;
  maxLines: number;
}

export interface Suggestion {
  text: string;
  requestId: number;
  /** True when no request was made for it. */
  cached: boolean;
}

export type CompletionStatus =
  | { kind: 'ready' }
  | { kind: 'backing-off'; untilMs: number; detail: string }
  | { kind: 'stopped'; detail: string; fix: 'set-api-key' | 'select-model' | 'open-settings' };

/** What one answered request was, for the spend and the bench. */
export interface AnsweredCompletion {
  requestId: number;
  model: string;
  endpoint: CompletionEndpoint;
  answer: CompletionAnswer;
  durationMs: number;
}

export interface CompletionLog {
  info(line: string): void;
  warn(line: string): void;
  debug(line: string): void;
}

export interface CompletionEngineOptions {
  debounceMs: () => number;
  clock?: SchedulerClock;
  chooser?: EndpointChooser;
  log: CompletionLog;
  onStatus?: (status: CompletionStatus) => void;
  /** A server that cannot be asked until the user acts: called once per server and cause, with the words to show. */
  onProblem?: (status: Extract<CompletionStatus, { kind: 'stopped' }>) => void;
  onAnswered?: (answered: AnsweredCompletion) => void;
}

/** The longest pause after failures in a row: the first waits 1 s, each next one twice as long. */
const MAX_BACK_OFF_MS = 60_000;
/** Ways of asking tried for one suggestion before giving up (every candidate, and a few dropped fields). */
const MAX_ATTEMPTS = 12;

class NoWayToAsk extends Error {}

interface ServerState {
  failures: number;
  backOffUntil: number;
  stopped: Extract<CompletionStatus, { kind: 'stopped' }> | undefined;
}

export class CompletionEngine {
  readonly cache = new SuggestionCache();
  readonly scheduler: CompletionScheduler;
  readonly chooser: EndpointChooser;
  private readonly clock: SchedulerClock;
  private readonly servers = new Map<string, ServerState>();
  private requests = 0;
  private status: CompletionStatus = { kind: 'ready' };
  /** Suggestions served from the cache, for the bench and the tests. */
  cacheHits = 0;

  constructor(private readonly options: CompletionEngineOptions) {
    this.clock = options.clock ?? systemClock;
    this.scheduler = new CompletionScheduler(options.debounceMs, this.clock);
    this.chooser = options.chooser ?? new EndpointChooser();
  }

  get currentStatus(): CompletionStatus {
    return this.status;
  }

  /** The suggestion for this cursor, or undefined (nothing to show, superseded, or the server may not be asked now). */
  async suggest(request: SuggestRequest, signal?: AbortSignal): Promise<Suggestion | undefined> {
    const { model, prefix, suffix } = request.input;
    const cached = this.cache.lookup(model, prefix, suffix);
    if (cached) {
      this.cacheHits++;
      // The cursor moved on to an answered place: a request still waiting or out for an older one is superseded.
      this.scheduler.cancel();
      return cached.text === '' ? undefined : { ...cached, cached: true };
    }
    const state = this.stateOf(request.server);
    if (state.stopped) return undefined;
    if (state.backOffUntil > this.clock.now()) return undefined;
    try {
      const suggestion = await this.scheduler.schedule((requestSignal) => this.ask(request, requestSignal), signal);
      return suggestion?.text ? suggestion : undefined;
    } catch (error) {
      this.failed(request, error);
      return undefined;
    }
  }

  /** The person took suggestion `requestId` (the item's command). */
  accepted(requestId: number): void {
    this.options.log.info(`inline-completion #${requestId}: accepted`);
  }

  /** Forgets failures and back-offs (the settings changed, or the person turned completions on again). */
  reset(): void {
    this.servers.clear();
    this.scheduler.cancel();
    this.setStatus({ kind: 'ready' });
  }

  private async ask(request: SuggestRequest, signal: AbortSignal): Promise<Suggestion> {
    const id = ++this.requests;
    const input: CompletionInput = { ...request.input, multiline: wantsMultipleLines(request.input.prefix, request.input.suffix) };
    const candidates = candidatePlans(request.sender.urls, input.template !== undefined, request.endpoint);
    const startedAt = this.clock.now();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const plan = this.chooser.planFor(request.server, candidates);
      if (!plan) throw new NoWayToAsk(this.noWayToAsk(request, candidates));
      const url = endpointUrl(plan.endpoint, request.sender.urls);
      const body = withoutFields(ENDPOINT_RECORDS[plan.endpoint].body(input, plan.style), this.chooser.droppedFields(request.server, plan.endpoint));
      let answer: CompletionAnswer;
      try {
        answer = await request.sender.send(url, body, signal);
      } catch (error) {
        if (signal.aborted) {
          this.options.log.debug(`inline-completion #${id}: aborted after ${formatMs(this.clock.now() - startedAt)} (typing went on)`);
          throw error;
        }
        const failure = classifyCompletionFailure(error, body, input.model);
        if (this.learnFrom(failure, request, plan)) continue;
        throw new FailedCompletion(failure);
      }
      if (this.chooser.worked(request.server, plan)) {
        this.options.log.info(`inline-completion: ${describeServer(request)} completes with ${describePlan(plan, input)}`);
      }
      const raw = plan.endpoint === 'chat' ? cleanChatAnswer(answer.text, input.prefix) : answer.text;
      const text = shapeSuggestion(raw, { prefix: input.prefix, suffix: input.suffix, multiline: input.multiline, maxLines: request.maxLines, stop: input.template?.stop ?? [] });
      // An empty answer is kept too: the same place asks again only when the text around it changes.
      this.cache.store(input.model, input.prefix, input.suffix, text, id);
      const durationMs = this.clock.now() - startedAt;
      this.options.log.info(`inline-completion #${id}: ${ENDPOINT_RECORDS[plan.endpoint].label}, ${input.model}, ${formatMs(durationMs)}, ${describeAnswer(answer, text)}`);
      this.options.onAnswered?.({ requestId: id, model: input.model, endpoint: plan.endpoint, answer, durationMs });
      this.succeeded(request.server);
      return { text, requestId: id, cached: false };
    }
    throw new NoWayToAsk(this.noWayToAsk(request, candidates));
  }

  /** True when the failure taught something and the next way should be tried at once. */
  private learnFrom(failure: CompletionFailure, request: SuggestRequest, plan: EndpointPlan): boolean {
    const way = `${ENDPOINT_RECORDS[plan.endpoint].label}${plan.style === 'template' ? ' (raw FIM prompt)' : ''}`;
    if (failure.kind === 'no-endpoint' && failure.scope === 'endpoint') {
      // The URL is the same in every style: one "not here" is enough for all of them.
      this.chooser.refusedEndpoint(request.server, plan.endpoint);
      this.options.log.warn(`inline-completion: ${describeServer(request)}: nothing answers ${ENDPOINT_RECORDS[plan.endpoint].label} at this URL; trying the next way (${failure.detail})`);
      return true;
    }
    if (failure.kind === 'no-endpoint' || failure.kind === 'suffix-refused') {
      this.chooser.refused(request.server, plan);
      const why = failure.kind === 'suffix-refused' ? 'refuses `suffix`' : 'cannot complete with this model';
      this.options.log.warn(`inline-completion: ${describeServer(request)}: ${way} ${why}; trying the next way (${failure.detail})`);
      return true;
    }
    if (failure.kind === 'field-refused') {
      if (this.chooser.droppedFields(request.server, plan.endpoint).includes(failure.field)) return false;
      this.chooser.dropField(request.server, plan.endpoint, failure.field);
      this.options.log.warn(`inline-completion: ${describeServer(request)}: ${way} refuses "${failure.field}"; sending it no more (${failure.detail})`);
      return true;
    }
    return false;
  }

  private noWayToAsk(request: SuggestRequest, candidates: readonly EndpointPlan[]): string {
    const tried = candidates.map((plan) => `${ENDPOINT_RECORDS[plan.endpoint].label}${plan.style === 'template' ? ' (raw FIM prompt)' : ''}`).join(', ');
    return (
      `${describeServer(request)} answered none of the ways to ask for a completion (${tried}). ` +
      'Choose a model it can complete code with in the setting askModel.completionModel (a profile\'s completionModel), name the endpoint it serves in askModel.completionEndpoint (a profile\'s completionEndpoint), or turn completions off.'
    );
  }

  private failed(request: SuggestRequest, error: unknown): void {
    const state = this.stateOf(request.server);
    if (error instanceof NoWayToAsk) {
      this.stop(state, { kind: 'stopped', detail: error.message, fix: 'select-model' });
      return;
    }
    const failure = error instanceof FailedCompletion ? error.failure : classifyCompletionFailure(error, {}, request.input.model);
    if (failure.kind === 'stop') {
      this.stop(state, { kind: 'stopped', detail: failure.detail, fix: failure.fix });
      return;
    }
    state.failures++;
    const waitMs = failure.kind === 'back-off' && failure.retryAfterMs !== undefined ? Math.min(failure.retryAfterMs, MAX_BACK_OFF_MS) : Math.min(MAX_BACK_OFF_MS, 1000 * 2 ** (state.failures - 1));
    state.backOffUntil = this.clock.now() + waitMs;
    this.options.log.warn(`inline-completion: ${failure.detail} Completions pause for ${formatMs(waitMs)}.`);
    this.setStatus({ kind: 'backing-off', untilMs: state.backOffUntil, detail: failure.detail });
  }

  private stop(state: ServerState, status: Extract<CompletionStatus, { kind: 'stopped' }>): void {
    const first = state.stopped === undefined;
    state.stopped = status;
    if (first) {
      this.options.log.warn(`inline-completion: stopped: ${status.detail}`);
      this.options.onProblem?.(status);
    }
    this.setStatus(status);
  }

  private succeeded(server: string): void {
    const state = this.stateOf(server);
    state.failures = 0;
    state.backOffUntil = 0;
    if (this.status.kind !== 'ready') this.setStatus({ kind: 'ready' });
  }

  private stateOf(server: string): ServerState {
    let state = this.servers.get(server);
    if (!state) this.servers.set(server, (state = { failures: 0, backOffUntil: 0, stopped: undefined }));
    return state;
  }

  private setStatus(status: CompletionStatus): void {
    this.status = status;
    this.options.onStatus?.(status);
  }
}

class FailedCompletion extends Error {
  constructor(readonly failure: CompletionFailure) {
    super(failure.detail);
  }
}

function withoutFields(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (fields.length === 0) return body;
  const copy = { ...body };
  for (const field of fields) delete copy[field];
  return copy;
}

function describeServer(request: SuggestRequest): string {
  return `${request.sender.urls.root} (${request.input.model})`;
}

function describePlan(plan: EndpointPlan, input: CompletionInput): string {
  const template = plan.style === 'template' ? ` and the ${input.template?.family ?? ''} FIM prompt` : '';
  return `${ENDPOINT_RECORDS[plan.endpoint].label}${template} [${planKey(plan)}]`;
}

function describeAnswer(answer: CompletionAnswer, shown: string): string {
  const usage = answer.usage ? `tokens ${answer.usage.prompt_tokens ?? '?'} in, ${answer.usage.completion_tokens ?? '?'} out` : 'no usage';
  const lines = shown === '' ? 'nothing to show' : `${shown.split('\n').length} line(s) shown`;
  return `${usage}, finish ${answer.finishReason ?? '?'}, ${lines}`;
}
