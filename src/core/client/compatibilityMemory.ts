// What a server refused, remembered per endpoint so that the refusal costs one resend, once:
// - optional fields some servers refuse (`stream_options`, `parallel_tool_calls`, `reasoning_effort`): after a
//   400/422 that names one, the client resends without it and does not send it again;
// - the answer-length limit, which servers spell two ways: OpenAI's reasoning models refuse `max_tokens` and ask for
//   `max_completion_tokens`, while older servers refuse that newer spelling. After a refusal of one spelling the
//   client resends the same limit under the other, and uses that spelling from then on;
// - the reasoning of earlier answers, which DeepSeek's thinking mode must have back on every assistant message ("Missing
//   `reasoning_content` field in the assistant message at message index 2", later "The `reasoning_content` in the
//   thinking mode must be passed back to the API") while other servers reject or misread it: it is sent only after
//   that refusal, from then on, and never otherwise. It is remembered per model, not per endpoint: a proxy serves
//   DeepSeek beside models that would misread it. The user's `sendReasoning` override for a model (see the client's
//   `reasoningBack`) decides before any refusal.
import { OUTPUT_LIMIT_FIELDS, type OutputLimitField } from '../protocol/outputLimitFields';

export const DROPPABLE_FIELDS = ['stream_options', 'parallel_tool_calls', 'reasoning_effort'] as const;
export type DroppableField = (typeof DROPPABLE_FIELDS)[number];

/**
 * What to change before the resend. `reasoning_effort` and the limit's spellings are refused only when the server
 * says the field itself is not accepted (a wrong value, or a limit too large for the window, must reach the user).
 */
export type CompatibilityChange = { kind: 'drop'; field: DroppableField } | { kind: 'respell'; from: OutputLimitField; to: OutputLimitField } | { kind: 'send-reasoning' };

const REASONING_WANTED_BACK = /reasoning_content.*(?:missing|must be passed back)|missing.*reasoning_content/i;

const FIELD_NOT_ACCEPTED = /unsupported|not supported|unrecogni[sz]ed|unknown|not allowed|not permitted|extra (?:inputs?|fields?|parameters?)|unexpected/i;
/** Fields whose mere mention in a 400 is taken as their refusal (they are sent by default, and rarely wrong). */
const DROPPED_WHEN_NAMED: readonly DroppableField[] = ['stream_options', 'parallel_tool_calls'];

export class CompatibilityMemory {
  private readonly dropped = new Map<string, Set<DroppableField>>();
  private readonly outputLimitSpelling = new Map<string, OutputLimitField>();
  private readonly reasoningWanted = new Set<string>();

  /** Whether `model` at this endpoint asked for the reasoning of earlier answers back. */
  sendsReasoning(endpoint: string, model: string): boolean {
    return this.reasoningWanted.has(reasoningKey(endpoint, model));
  }

  isDropped(endpoint: string, field: DroppableField): boolean {
    return this.dropped.get(endpoint)?.has(field) ?? false;
  }

  drop(endpoint: string, field: DroppableField): void {
    let fields = this.dropped.get(endpoint);
    if (!fields) this.dropped.set(endpoint, (fields = new Set()));
    fields.add(field);
  }

  /** The spelling of the answer-length limit this endpoint took after refusing the other; undefined: none refused. */
  outputLimitFieldFor(endpoint: string): OutputLimitField | undefined {
    return this.outputLimitSpelling.get(endpoint);
  }

  respell(endpoint: string, to: OutputLimitField): void {
    this.outputLimitSpelling.set(endpoint, to);
  }

  /** Records `change` for `endpoint` (a `send-reasoning` for `model` there only). */
  remember(endpoint: string, model: string, change: CompatibilityChange): void {
    if (change.kind === 'drop') this.drop(endpoint, change.field);
    else if (change.kind === 'respell') this.respell(endpoint, change.to);
    else this.reasoningWanted.add(reasoningKey(endpoint, model));
  }

  /** What a 400/422 saying `serverMessage` about `body` asks to change before one resend; undefined: nothing. */
  static changeFor(serverMessage: string, body: Record<string, unknown>): CompatibilityChange | undefined {
    const named = (field: string): boolean => field in body && serverMessage.includes(field);
    if (REASONING_WANTED_BACK.test(serverMessage) && Array.isArray(body['messages']) && body['messages'].some(isAssistant)) return { kind: 'send-reasoning' };
    const dropped = DROPPED_WHEN_NAMED.find(named);
    if (dropped) return { kind: 'drop', field: dropped };
    if (!FIELD_NOT_ACCEPTED.test(serverMessage)) return undefined;
    // OpenAI's refusal of `max_tokens` names `max_completion_tokens` too ("Use 'max_completion_tokens' instead"): the
    // spelling refused is the one the body carries.
    const sent = OUTPUT_LIMIT_FIELDS.find(named);
    if (sent) return { kind: 'respell', from: sent, to: sent === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens' };
    if (named('reasoning_effort')) return { kind: 'drop', field: 'reasoning_effort' };
    return undefined;
  }
}

function reasoningKey(endpoint: string, model: string): string {
  return JSON.stringify([endpoint, model]);
}

function isAssistant(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { role?: unknown }).role === 'assistant';
}
