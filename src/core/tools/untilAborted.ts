// Waits for a promise unless the signal fires first. The loop uses it so that Stop ends a round at once even when
// a tool or an approval prompt ignores the signal; the abandoned promise is still caught, never left unhandled.

export type Settled<T> = { kind: 'value'; value: T } | { kind: 'error'; error: unknown } | { kind: 'aborted' };

export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<Settled<T>> {
  const settled = promise.then(
    (value): Settled<T> => ({ kind: 'value', value }),
    (error: unknown): Settled<T> => ({ kind: 'error', error }),
  );
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
  return new Promise((resolve) => {
    const onAbort = (): void => resolve({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then((result) => {
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    });
  });
}
