// The reference server's public types: its options, the scripted turns and faults, and the handle tests hold.
import type { DiscoveryShape } from '../discovery/discoveryShapes';
import type { UnknownRouteAnswer } from './unknownRoute';
import type { ChatRequest } from './validateChatRequest';

export interface ReferenceServerOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`; otherwise they get a 401. */
  apiKey?: string;
  /** The model id the server reports in every answer and lists first in GET /v1/models. */
  model?: string;
  /** Extra model ids listed by GET /v1/models. */
  models?: string[];
  host?: string;
  /** 0 (the default) picks a free ephemeral port. */
  port?: number;
  /** With no scripted turn queued, answer like a helpful demo model instead of the fixed greeting. */
  demo?: boolean;
  /** In demo mode, asked first for each unscripted answer; undefined from it leaves the generic demo answer. */
  demoScript?: (request: ChatRequest) => AnswerTurn | undefined;
  /** Serve HTTPS with this key and certificate (PEM); the URL then names `localhost`, as the certificate does. */
  tls?: { key: string; cert: string };
  /**
   * Answer the model catalogue's discovery requests as this kind of server does, from the recorded bodies
   * (test/support/discovery/discoveryShapes.ts): its /v1/models replaces the list built from `model`/`models`, and its
   * other endpoints (LiteLLM's /model/info, llama.cpp's /props, Ollama's /api/tags and /api/show, ...) answer.
   */
  discovery?: DiscoveryShape;
  /** LiteLLM's `GET /key/info`: this exact body (a recorded one, test/fixtures/key-info), for the key that asks. */
  keyInfo?: string;
  /**
   * The model's window in tokens, as the server's own count gives them (windowTokens.ts, not the client's estimate):
   * a chat request whose prompt reaches it gets llama.cpp's 400 `exceed_context_size_error` (with `n_prompt_tokens`
   * and `n_ctx`) and no answer; every answer's `usage.prompt_tokens` is that count. Each request's count is recorded.
   */
  contextWindow?: number;
  /**
   * The answer to a chat request that offers no tools (the client's summary request, when the chat offers tools),
   * given without taking a scripted turn, so a script of tool rounds is not thrown out of step by compaction.
   */
  summaryText?: string;
  /**
   * Serve the completion endpoints inline code completion uses (llama.cpp's /infill and /completion, OpenAI's
   * /v1/completions, Mistral's /v1/fim/completions, Ollama's /api/generate). Absent: they answer 404, as a chat-only
   * server does.
   */
  completions?: CompletionRoutesOptions;
  /**
   * How a path or method the server does not serve (a completion route switched off or absent included) is answered:
   * absent, 404 (405 with `Allow` for a wrong method), as most servers do; `lm-studio`, HTTP 200 and LM Studio's
   * recorded `{"error":"Unexpected endpoint or method. (POST /infill)"}` naming the request (unknownRoute.ts).
   */
  unknownRoutes?: UnknownRouteAnswer;
  /**
   * How the server waits: a fault's pause (`resetMidStream`'s afterMs, `stall`'s ms), `slowDrip`'s gaps, and the
   * completion routes' delayMs and pieceDelayMs. Each wait must end after `ms` or at once when `signal` aborts (the
   * client went away, or the server closes). Default a timer; a test gives its own to see the waits asked for and to
   * end them when it chooses, so that nothing it asserts depends on the machine's speed.
   */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The completion endpoints by the name of the server that offers them. */
export type CompletionRoute = 'infill' | 'completion' | 'v1-completions' | 'fim' | 'ollama-generate';

export interface CompletionRoutesOptions {
  /** The endpoints that exist (default all); a missing one answers 404 like a server without it. */
  routes?: readonly CompletionRoute[];
  /** The text filled in (default DEFAULT_MIDDLE_TEXT), or built from the request. Cut at a `stop` word or the token limit. */
  middle?: string | ((request: RecordedCompletion) => string);
  /** /v1/completions with a `suffix` gets vLLM's 400 "suffix is not currently supported". */
  refuseSuffix?: boolean;
  /** Wait before the answer (or the `status` error) starts; the wait ends when the client goes away. */
  delayMs?: number;
  /** Wait between streamed pieces. */
  pieceDelayMs?: number;
  /** Answer every completion request with this status in the OpenAI error shape (429 with `Retry-After: 1`). */
  status?: number;
}

/** A request to a completion endpoint, as the server saw it and as its connection ended. */
export interface RecordedCompletion {
  route: CompletionRoute;
  /** The parsed JSON body (the raw text when it is not JSON). */
  body: unknown;
  /** The text before the cursor: `input_prefix` on /infill, `prompt` elsewhere ('' when absent). */
  prompt: string;
  /** The text after the cursor: `input_suffix` on /infill, `suffix` elsewhere ('' when absent). */
  suffix: string;
  /** Whether the answer streams, by the route's default when the request does not say (Ollama: true). */
  stream: boolean;
  /** performance.now() when the request arrived (RecordedRequest.receivedAt is Date.now()). */
  receivedAt: number;
  /** performance.now() when the server saw the response's connection close; unset while it is open. */
  closedAt?: number;
  /** Set when the connection closes: true when it closed before the server finished its answer. */
  abandoned: boolean;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface TextTurn {
  kind: 'text';
  text: string;
  /** Split the content into this many deltas when streaming. */
  chunks?: number;
  /** Sent as `reasoning_content` before the content. */
  reasoning?: string;
  /** Default "stop". */
  finishReason?: string;
  /** Overrides the approximated counts; a missing total is the sum of the other two. */
  usage?: Partial<Usage>;
  /** The `_response_ms` value: undefined = measured, null = field omitted. */
  responseMs?: number | null;
}

export interface ScriptedToolCall {
  name: string;
  /** Raw JSON text, sent as is (it may be deliberately invalid). */
  arguments: string;
  /** undefined = generated id, null = the id is omitted. */
  id?: string | null;
}

export interface ToolCallsTurn {
  kind: 'toolCalls';
  calls: ScriptedToolCall[];
  /** Split each call's arguments into this many fragments when streaming. */
  fragments?: number;
  /** Interleave the fragments of parallel calls round-robin by index. */
  interleave?: boolean;
  /** Default "tool_calls". */
  finishReason?: string;
  /** Text sent alongside the calls (default: none, `content: null`). */
  content?: string;
  usage?: Partial<Usage>;
  responseMs?: number | null;
}

export type AnswerTurn = TextTurn | ToolCallsTurn;

export interface FaultTurn {
  kind: 'fault';
  fault: Fault;
  /** The answer the fault disturbs (default: the server's default answer). */
  answer?: AnswerTurn;
}

/**
 * A response body a real server sent, replayed verbatim whatever the request asked (stream or not): the answer
 * exactly as recorded, quirks included. No fault applies to it.
 */
export interface ReplayTurn {
  kind: 'replay';
  /** The exact body text. */
  body: string;
  /** Default 200. */
  status?: number;
  /** Sent as is; default `text/event-stream` for an SSE body, `application/json` otherwise (both with utf-8). */
  contentType?: string;
  /** Response headers the server sent with it (rate limits, a proxy's cost and call id), sent as recorded. */
  headers?: Record<string, string>;
}

export type Turn = AnswerTurn | FaultTurn | ReplayTurn;

export type ErrorBodyShape = 'openai' | 'detail' | 'message' | 'text' | 'html' | 'empty';

/** Answer with an error status and a body in one of the shapes real servers use. */
export interface StatusFault {
  type: 'status';
  status: number;
  body: ErrorBodyShape;
  message?: string;
  /** `Retry-After` header value. */
  retryAfter?: string;
  /** `retry-after-ms` header value. */
  retryAfterMs?: string;
}

/** Destroy the socket after N stream chunks (non-stream: before any byte of the response). */
export interface ResetMidStreamFault {
  type: 'resetMidStream';
  afterChunks: number;
  /** Wait this long after those chunks before the reset, so a client shows the partial answer meanwhile. */
  afterMs?: number;
}

/** Stop writing after N chunks but keep the socket open, for `ms` or until the server closes. */
export interface StallFault {
  type: 'stall';
  afterChunks: number;
  ms?: number;
}

/** Send `data: this is not json` after N chunks, then carry on (non-stream: the whole body is not JSON). */
export interface GarbageLineFault {
  type: 'garbageLine';
  afterChunks: number;
}

/** End the stream without `data: [DONE]`. */
export interface NoDoneFault {
  type: 'noDone';
}

/** Wait this long between chunks (non-stream: before the response). */
export interface SlowDripFault {
  type: 'slowDrip';
  delayMs: number;
}

/** After N chunks send an error inside the stream and end it (non-stream: a 200 with an error body). */
export interface ErrorEventFault {
  type: 'errorEvent';
  afterChunks: number;
  /** 'event': `event: error` + `data: {"error":{...}}`; 'data': only the `data:` line. */
  style: 'event' | 'data';
  message?: string;
}

/** Answer with a text of about this many bytes. */
export interface HugeAnswerFault {
  type: 'hugeAnswer';
  bytes: number;
}

/** Answer a stream request with a plain `application/json` chat.completion. */
export interface JsonToStreamFault {
  type: 'jsonToStream';
}

export type Fault =
  | StatusFault
  | ResetMidStreamFault
  | StallFault
  | GarbageLineFault
  | NoDoneFault
  | SlowDripFault
  | ErrorEventFault
  | HugeAnswerFault
  | JsonToStreamFault;

export interface RecordedRequest {
  method: string;
  /** The request target as received, query string included. */
  path: string;
  /** Lower-case names; repeated headers joined with ", "; authorization kept verbatim. */
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text when it is not JSON ('' when there is no body). */
  body: unknown;
  /** Date.now() when the request arrived. */
  receivedAt: number;
  /** With `contextWindow` set: the chat request's prompt by the server's own count (windowTokens.ts). */
  countedPromptTokens?: number;
}

export interface ReferenceServer {
  /** Base URL without /v1, e.g. http://127.0.0.1:PORT. */
  readonly url: string;
  /** Every request received, in order, recorded before auth and validation. */
  readonly requests: RecordedRequest[];
  /** Every request to a completion endpoint (also in `requests`), recorded before auth and validation. */
  readonly completionRequests: RecordedCompletion[];
  /** How many scripted turns are still waiting. */
  readonly queuedTurns: number;
  /** Queue turns; each valid chat request consumes the next one. */
  script(...turns: Turn[]): void;
  /** From now on GET /v1/models lists `models` after the server's own model (a deployment added or removed). */
  listModels(models: readonly string[]): void;
  /**
   * Apply a fault to every following chat request until reset() or setDefaultFault(null). A 'status' or
   * 'hugeAnswer' default fault replaces the answer and leaves the queue alone; any other wraps the next queued
   * turn. A scripted fault turn wins over the default fault; a replay turn is sent as recorded, unwrapped.
   */
  setDefaultFault(fault: Fault | null): void;
  /** Clears the recorded requests (completion requests too), the queue and the default fault. */
  reset(): void;
  /** Closes the server at once, destroying open sockets (stalled streams included). */
  close(): Promise<void>;
}
