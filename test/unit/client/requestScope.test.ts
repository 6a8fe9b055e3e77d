import assert from 'node:assert/strict';
import { CALLER_ABORT } from '../../../src/core/client/abortable';
import { RequestScope, type RequestScopeOptions } from '../../../src/core/client/requestScope';
import { TimeoutError } from '../../../src/core/errors/transportErrors';

const scopeWith = (options: Partial<RequestScopeOptions> = {}): RequestScope =>
  new RequestScope({ url: 'http://127.0.0.1:1/v1/models', caller: undefined, callerReason: 'marker', firstByteMs: 0, idleMs: 0, now: () => 0, ...options });

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RequestScope', () => {
  it('aborts with the caller-abort marker when the caller’s signal fires, and says the caller stopped it', () => {
    const caller = new AbortController();
    const scope = scopeWith({ caller: caller.signal });
    assert.equal(scope.signal.aborted, false);
    caller.abort(new Error('stop'));
    assert.equal(scope.signal.reason, CALLER_ABORT);
    assert.equal(scope.stoppedByCaller, true);
  });

  it('forwards the caller’s own reason when asked to (a probe’s time-out stays a time-out)', () => {
    const caller = new AbortController();
    const reason = new Error('probe time-out');
    const scope = scopeWith({ caller: caller.signal, callerReason: 'forward' });
    caller.abort(reason);
    assert.equal(scope.signal.reason, reason);
    assert.equal(scope.stoppedByCaller, false);
  });

  it('starts aborted when the caller’s signal already fired', () => {
    const caller = new AbortController();
    caller.abort();
    assert.equal(scopeWith({ caller: caller.signal }).stoppedByCaller, true);
  });

  it('a stall aborts it with a TimeoutError naming the phase and URL, not as the caller', async () => {
    const scope = scopeWith({ firstByteMs: 5 });
    scope.watchdog.awaitFirstByte();
    await tick(30);
    assert.ok(scope.signal.reason instanceof TimeoutError, String(scope.signal.reason));
    assert.match((scope.signal.reason as TimeoutError).message, /127\.0\.0\.1:1/);
    assert.equal(scope.stoppedByCaller, false);
    scope.close();
  });

  it('close stops the watchdog, lets the caller’s signal go and aborts what is still open', async () => {
    const caller = new AbortController();
    let listeners = 0;
    const signal = caller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => (listeners++, add(...args))) as AbortSignal['addEventListener'];
    signal.removeEventListener = ((...args: Parameters<AbortSignal['removeEventListener']>) => (listeners--, remove(...args))) as AbortSignal['removeEventListener'];
    const scope = scopeWith({ caller: signal, firstByteMs: 5 });
    scope.watchdog.awaitFirstByte();
    assert.equal(listeners, 1);
    scope.close();
    assert.equal(listeners, 0);
    assert.equal(scope.signal.reason, CALLER_ABORT);
    await tick(30);
    assert.equal(scope.signal.reason, CALLER_ABORT, 'no time-out after close');
  });

  it('measures from its start with the injected clock', () => {
    let now = 100;
    const scope = scopeWith({ now: () => now });
    now = 142;
    assert.equal(scope.elapsedMs(), 42);
  });
});
