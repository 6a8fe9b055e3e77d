// A `fetch` for unit tests: answers from a handler, records what was asked, and builds bodies from byte pieces so
// the client sees exactly the chunk boundaries a test chooses.

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (call: RecordedCall, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof globalThis.fetch;
  calls: RecordedCall[];
}

export function fakeFetch(handler: FakeHandler): FakeFetch {
  const calls: RecordedCall[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: raw === undefined ? undefined : JSON.parse(raw),
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    if (call.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return handler(call, calls.length - 1);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A Response whose body yields exactly `pieces`, in order; it honours the request's abort signal. */
export function piecesResponse(pieces: readonly Uint8Array[], init: { status?: number; headers?: Record<string, string>; signal?: AbortSignal | undefined; endWith?: Error } = {}): Response {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (init.signal?.aborted) {
        controller.error(new DOMException('aborted', 'AbortError'));
        return;
      }
      const piece = pieces[at++];
      if (piece !== undefined) controller.enqueue(piece.slice());
      else if (init.endWith) controller.error(init.endWith);
      else controller.close();
    },
  });
  return new Response(body, { status: init.status ?? 200, headers: init.headers ?? { 'content-type': 'text/event-stream' } });
}

/** A Response whose body never ends (until the request is aborted): for time-out and abort tests. */
export function hangingResponse(first: readonly Uint8Array[], signal: AbortSignal | undefined, headers: Record<string, string> = { 'content-type': 'text/event-stream' }): Response {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = first[at++];
      if (piece !== undefined) {
        controller.enqueue(piece.slice());
        return;
      }
      return new Promise<void>((resolve) => {
        const fail = (): void => {
          controller.error(new DOMException('aborted', 'AbortError'));
          resolve();
        };
        if (signal?.aborted) fail();
        else signal?.addEventListener('abort', fail, { once: true });
      });
    },
  });
  return new Response(body, { status: 200, headers });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers },
  });
}
