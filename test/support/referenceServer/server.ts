// The HTTP server: records every request, routes, checks the key, validates, and answers from the script.
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ANSWER_TEXT, hugeText, planAnswer } from './answerPlan';
import { newEnvelope } from './completionEnvelope';
import { CompletionRoutes } from './completionRoutes';
import { writeCompletion } from './completionResponder';
import { demoAnswer } from './demoAnswer';
import { discoveryAnswer, isUnauthenticated } from '../discovery/discoveryShapes';
import { sendJson, sendText } from './httpReplies';
import { sendOpenAiError } from './openAiError';
import { readBody } from './readBody';
import { sleep as timerSleep, type Sleep } from './abortableSleep';
import type { ReadBody } from './readBody';
import { writeReplay } from './replayResponder';
import { sendStatusFault } from './statusFault';
import { buildStreamChunks } from './streamChunks';
import { writeStreamedAnswer } from './streamResponder';
import { textTurn } from './turns';
import { lmStudioUnknownRoute } from './unknownRoute';
import type { AnswerTurn, Fault, RecordedCompletion, RecordedRequest, ReferenceServer, ReferenceServerOptions, ReplayTurn, Turn } from './types';
import { validateChatRequest } from './validateChatRequest';
import { countWindowTokens } from './windowTokens';
import type { ChatRequest } from './validateChatRequest';

export const DEFAULT_MODEL = 'reference-model';

const ROUTES: Record<string, string> = {
  '/health': 'GET',
  '/v1/models': 'GET',
  '/v1/chat/completions': 'POST',
};

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const httpServer: http.Server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }) : http.createServer();
  const server = new ReferenceHttpServer(options, httpServer);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  server.url = options.tls ? `https://localhost:${port}` : `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return server;
}

interface Answer {
  turn: AnswerTurn;
  fault: Fault | undefined;
}

/** What the next chat request gets: an answer built for the request (perhaps disturbed), or a recorded body. */
type NextReply = ({ kind: 'answer' } & Answer) | { kind: 'replay'; turn: ReplayTurn };

class ReferenceHttpServer implements ReferenceServer {
  url = '';
  readonly requests: RecordedRequest[] = [];
  readonly completionRequests: RecordedCompletion[] = [];
  private readonly queue: Turn[] = [];
  private defaultFault: Fault | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly inFlight = new Set<AbortController>();
  private readonly model: string;
  private modelIds: string[];
  private readonly startedAtSeconds = Math.floor(Date.now() / 1000);
  private toolCallCount = 0;
  private closing: Promise<void> | undefined;
  private readonly completions: CompletionRoutes | undefined;
  private readonly sleep: Sleep;

  constructor(
    private readonly options: ReferenceServerOptions,
    private readonly httpServer: http.Server,
  ) {
    this.model = options.model ?? DEFAULT_MODEL;
    this.sleep = options.sleep ?? timerSleep;
    this.modelIds = [...new Set([this.model, ...(options.models ?? [])])];
    this.completions = options.completions === undefined ? undefined : new CompletionRoutes(options.completions, this.completionRequests, this.sleep);
    httpServer.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    httpServer.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => void this.handle(req, res));
    httpServer.on('clientError', (_error: Error, socket: Socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    });
  }

  get queuedTurns(): number {
    return this.queue.length;
  }

  /** From now on GET /v1/models lists `models` after the server's own model (a deployment added or removed). */
  listModels(models: readonly string[]): void {
    this.modelIds = [...new Set([this.model, ...models])];
  }

  script(...turns: Turn[]): void {
    this.queue.push(...turns);
  }

  setDefaultFault(fault: Fault | null): void {
    this.defaultFault = fault;
  }

  reset(): void {
    this.requests.length = 0;
    this.completionRequests.length = 0;
    this.queue.length = 0;
    this.defaultFault = null;
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      for (const controller of this.inFlight) controller.abort();
      this.httpServer.close(() => resolve());
      this.httpServer.closeAllConnections();
      for (const socket of this.sockets) socket.destroy();
    });
    return this.closing;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const receivedAt = Date.now();
    const controller = new AbortController();
    this.inFlight.add(controller);
    res.on('close', () => {
      controller.abort();
      this.inFlight.delete(controller);
    });
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    if (this.closing !== undefined) controller.abort();

    try {
      const body = await readBody(req);
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: flattenHeaders(req.headers), body: body.value, receivedAt };
      this.requests.push(recorded);
      await this.route(req, res, body, controller.signal, startedAt, recorded);
    } catch (error) {
      if (!res.headersSent && !res.destroyed) {
        const message = `Reference server error: ${error instanceof Error ? error.message : String(error)}`;
        sendOpenAiError(res, 500, { message, type: 'server_error', param: null, code: null });
      } else {
        res.destroy();
      }
    }
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse, body: ReadBody, signal: AbortSignal, startedAt: number, recorded: RecordedRequest): Promise<void> {
    const method = req.method ?? '';
    const pathname = new URL(req.url ?? '/', 'http://reference.invalid').pathname;
    if (method === 'GET' && pathname === '/key/info' && this.options.keyInfo !== undefined) {
      // LiteLLM answers about the key that asks, so the key is checked as for any request.
      if (!this.authorize(req, res)) return;
      return sendText(res, 200, this.options.keyInfo, 'application/json');
    }
    const shape = this.options.discovery;
    const discovered = shape === undefined ? undefined : discoveryAnswer(shape, method, pathname, body.kind === 'json' ? body.value : undefined);
    if (shape !== undefined && discovered !== undefined) {
      if (!isUnauthenticated(shape, pathname) && !this.authorize(req, res)) return;
      return sendText(res, discovered.status, discovered.body, 'application/json');
    }
    const completionRoute = this.completions?.routeAt(pathname);
    const allowed = ROUTES[pathname] ?? (completionRoute === undefined ? undefined : 'POST');
    if ((allowed === undefined || method !== allowed) && this.options.unknownRoutes === 'lm-studio') {
      const reply = lmStudioUnknownRoute(method, req.url ?? pathname);
      return sendText(res, reply.status, reply.body, 'application/json', reply.headers);
    }
    if (allowed === undefined) {
      return sendOpenAiError(res, 404, { message: `Unknown request URL: ${method} ${pathname}.`, type: 'invalid_request_error', param: null, code: 'unknown_url' });
    }
    if (method !== allowed) {
      const message = `Method ${method} is not allowed on ${pathname}; use ${allowed}.`;
      return sendOpenAiError(res, 405, { message, type: 'invalid_request_error', param: null, code: 'method_not_allowed' }, { Allow: allowed });
    }
    if (pathname === '/health') return sendJson(res, 200, { status: 'ok' });
    if (this.completions !== undefined && completionRoute !== undefined) {
      return this.completions.answer(completionRoute, { res, body, signal, authorize: () => this.authorize(req, res), model: this.model });
    }
    if (!this.authorize(req, res)) return;
    if (pathname === '/v1/models') return sendJson(res, 200, this.modelList());
    return this.answerChat(req, res, body, signal, startedAt, recorded);
  }

  /** Sends the 401 itself when the key is missing or wrong. The key is never echoed back. */
  private authorize(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const apiKey = this.options.apiKey;
    if (apiKey === undefined) return true;
    const header = req.headers.authorization;
    const match = header === undefined ? null : /^Bearer (.*)$/i.exec(header);
    if (match !== null && match[1] === apiKey) return true;
    const message =
      header === undefined
        ? "You didn't provide an API key. Send it in the Authorization header as 'Bearer <API_KEY>'."
        : 'Incorrect API key provided.';
    sendOpenAiError(res, 401, { message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' });
    return false;
  }

  private modelList() {
    return {
      object: 'list',
      data: this.modelIds.map((id) => ({ id, object: 'model', created: this.startedAtSeconds, owned_by: 'reference' })),
    };
  }

  private async answerChat(req: http.IncomingMessage, res: http.ServerResponse, body: ReadBody, signal: AbortSignal, startedAt: number, recorded: RecordedRequest): Promise<void> {
    if (body.kind === 'tooLarge') {
      return sendOpenAiError(res, 413, { message: body.value, type: 'invalid_request_error', param: null, code: null });
    }
    if (body.kind === 'text') {
      const message = 'We could not parse the JSON body of your request. Send a JSON object with Content-Type: application/json.';
      return sendOpenAiError(res, 400, { message, type: 'invalid_request_error', param: null, code: null });
    }
    const validation = validateChatRequest(body.value);
    if (!validation.ok) {
      return sendOpenAiError(res, 400, { message: validation.message, type: 'invalid_request_error', param: validation.param, code: null });
    }
    const request = validation.request;
    const { contextWindow } = this.options;
    const counted = contextWindow === undefined ? undefined : countWindowTokens(request);
    if (contextWindow !== undefined && counted !== undefined) {
      recorded.countedPromptTokens = counted;
      if (counted >= contextWindow) return sendJson(res, 400, exceedContextSizeBody(counted, contextWindow));
    }
    const next = this.nextReply(request);
    if (next.kind === 'replay') return writeReplay(res, next.turn);
    const { turn, fault } = next;
    if (fault?.type === 'status') return sendStatusFault(res, fault);

    const answerTurn = fault?.type === 'hugeAnswer' ? textTurn(hugeText(fault.bytes)) : turn;
    const plan = planAnswer(answerTurn, request, () => `call_ref${++this.toolCallCount}`, counted);
    const envelope = newEnvelope(this.model);
    if (request.stream && fault?.type !== 'jsonToStream') {
      const chunks = buildStreamChunks(plan, envelope, request.includeUsage);
      return writeStreamedAnswer(chunks, fault, { req, res, signal, startedAt, responseMs: plan.responseMs, sleep: this.sleep });
    }
    return writeCompletion(plan, envelope, fault, { req, res, signal, startedAt, sleep: this.sleep });
  }

  private nextReply(request: ChatRequest): NextReply {
    const fallback = (): AnswerTurn => (this.options.demo === true ? (this.options.demoScript?.(request) ?? demoAnswer(request)) : textTurn(DEFAULT_ANSWER_TEXT));
    const defaultFault = this.defaultFault ?? undefined;
    if (this.options.summaryText !== undefined && request.tools.length === 0) return { kind: 'answer', turn: textTurn(this.options.summaryText), fault: undefined };
    // These faults never show the answer, so they leave the scripted turns for later requests.
    if (defaultFault?.type === 'status' || defaultFault?.type === 'hugeAnswer') return { kind: 'answer', turn: fallback(), fault: defaultFault };
    const scripted = this.queue.shift();
    if (scripted === undefined) return { kind: 'answer', turn: fallback(), fault: defaultFault };
    // A recording is only worth replaying byte for byte: no fault wraps it.
    if (scripted.kind === 'replay') return { kind: 'replay', turn: scripted };
    if (scripted.kind === 'fault') return { kind: 'answer', turn: scripted.answer ?? fallback(), fault: scripted.fault };
    return { kind: 'answer', turn: scripted, fault: defaultFault };
  }
}

/**
 * llama.cpp's answer to a prompt that does not fit its slot, field for field as llama-server sends it
 * (test/fixtures/overflow/llamacpp-exceed-context-size-400.json is one a user recorded).
 */
function exceedContextSizeBody(promptTokens: number, contextWindow: number) {
  return {
    error: {
      code: 400,
      message: `request (${promptTokens} tokens) exceeds the available context size (${contextWindow} tokens), try increasing it`,
      type: 'exceed_context_size_error',
      n_prompt_tokens: promptTokens,
      n_ctx: contextWindow,
    },
  };
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
