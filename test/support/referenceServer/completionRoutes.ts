// The completion endpoints inline code completion drives: which exist, what each request is recorded as, and the
// answer in the shape of the server that owns the endpoint, whole or streamed, slow or refused as the options say.
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Sleep } from './abortableSleep';
import { buildAnswer } from './completionAnswer';
import { isObject, readCompletionRequest } from './completionRequest';
import type { CompletionShape } from './completionShape';
import { writeFrames } from './completionStream';
import { sendJson } from './httpReplies';
import { infillShape, nativeCompletionShape } from './llamaCppCompletion';
import { mistralFimShape } from './mistralFimCompletion';
import { ollamaGenerateShape } from './ollamaGenerate';
import { sendOpenAiError } from './openAiError';
import { openAiTextCompletionShape } from './openAiTextCompletion';
import type { ReadBody } from './readBody';
import { sendStatusFault } from './statusFault';
import type { CompletionRoute, CompletionRoutesOptions, RecordedCompletion } from './types';

/** The middle answered when the options name none: one short line of code. */
export const DEFAULT_MIDDLE_TEXT = 'return a + b;';

const PATHS: Record<string, CompletionRoute> = {
  '/infill': 'infill',
  '/completion': 'completion',
  '/v1/completions': 'v1-completions',
  '/v1/fim/completions': 'fim',
  '/api/generate': 'ollama-generate',
};

const SHAPES: Record<CompletionRoute, CompletionShape> = {
  infill: infillShape,
  completion: nativeCompletionShape,
  'v1-completions': openAiTextCompletionShape,
  fim: mistralFimShape,
  'ollama-generate': ollamaGenerateShape,
};

export interface CompletionContext {
  res: ServerResponse;
  body: ReadBody;
  /** Aborts when the client goes away or the server closes. */
  signal: AbortSignal;
  /** Sends the 401 itself and answers false when the key is missing or wrong. */
  authorize: () => boolean;
  /** The model id the server answers with. */
  model: string;
}

export class CompletionRoutes {
  constructor(
    private readonly options: CompletionRoutesOptions,
    private readonly records: RecordedCompletion[],
    private readonly sleep: Sleep,
  ) {}

  /** The route served at `pathname`, undefined when it is not a completion endpoint or is switched off. */
  routeAt(pathname: string): CompletionRoute | undefined {
    const route = PATHS[pathname];
    if (route === undefined) return undefined;
    return this.options.routes === undefined || this.options.routes.includes(route) ? route : undefined;
  }

  async answer(route: CompletionRoute, ctx: CompletionContext): Promise<void> {
    const { res, body, signal } = ctx;
    const parsedBody = body.kind === 'json' && isObject(body.value) ? body.value : undefined;
    const read = parsedBody === undefined ? undefined : readCompletionRequest(route, parsedBody);
    const request = read?.ok === true ? read.request : undefined;
    const record: RecordedCompletion = {
      route,
      body: body.value,
      prompt: request?.prompt ?? '',
      suffix: request?.suffix ?? '',
      stream: request?.stream ?? false,
      receivedAt: performance.now(),
      abandoned: false,
    };
    this.records.push(record);
    watchClose(res, record);

    if (!ctx.authorize()) return;
    if (body.kind === 'tooLarge') return sendOpenAiError(res, 413, { message: body.value, type: 'invalid_request_error', param: null, code: null });
    if (parsedBody === undefined || read === undefined) {
      const message = 'We could not parse the JSON body of your request. Send a JSON object with Content-Type: application/json.';
      return sendOpenAiError(res, 400, { message, type: 'invalid_request_error', param: null, code: null });
    }
    if (!read.ok) return sendJson(res, read.status, read.body);
    if (route === 'v1-completions' && this.options.refuseSuffix === true && read.request.suffixGiven) return sendJson(res, 400, VLLM_SUFFIX_REFUSAL);

    if (this.options.delayMs !== undefined && this.options.delayMs > 0) await this.sleep(this.options.delayMs, signal);
    if (signal.aborted) return;
    const { status } = this.options;
    if (status !== undefined) {
      return sendStatusFault(res, { type: 'status', status, body: 'openai', retryAfter: status === 429 ? '1' : undefined });
    }

    const middle = typeof this.options.middle === 'function' ? this.options.middle(record) : (this.options.middle ?? DEFAULT_MIDDLE_TEXT);
    const shape = SHAPES[route];
    const input = { answer: buildAnswer(middle, read.request, record.receivedAt), request: read.request, body: parsedBody, model: ctx.model };
    if (!read.request.stream) return sendJson(res, 200, shape.whole(input));
    return writeFrames(res, shape.frames(input), shape.streamContentType, this.options.pieceDelayMs ?? 0, signal, this.sleep);
  }
}

/**
 * vLLM's refusal of `suffix` on /v1/completions, word for word: its completion renderer returns
 * create_error_response("suffix is not currently supported") whenever `request.suffix is not None` (an empty suffix
 * included), an ErrorResponse whose `code` is the HTTP status (vllm/entrypoints/openai/engine/serving.py).
 */
const VLLM_SUFFIX_REFUSAL = { error: { message: 'suffix is not currently supported', type: 'BadRequestError', param: null, code: 400 } };

/**
 * Records when the server sees the response's connection close (performance.now(), the clock a bench in the same
 * process compares with its abort) and whether the answer was finished by then.
 */
function watchClose(res: ServerResponse, record: RecordedCompletion): void {
  const closed = () => {
    record.closedAt ??= performance.now();
    record.abandoned = !res.writableFinished;
  };
  if (res.closed) closed();
  else res.once('close', closed);
}
