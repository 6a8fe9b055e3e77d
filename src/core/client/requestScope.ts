// One request's life, as every ChatClient method needs it: our own AbortController linked to the caller's signal, the
// stall watchdog that aborts it with a TimeoutError, the start time for the log, and the clean-up when it ends. The
// answer stream, the model list and each discovery probe had this scaffold each; it is here once.
import { TimeoutError } from '../errors/transportErrors';
import { StallWatchdog } from '../http/stallWatchdog';
import { CALLER_ABORT } from './abortable';

export interface RequestScopeOptions {
  url: string;
  /** The caller's signal; when it fires the request is aborted. */
  caller: AbortSignal | undefined;
  /**
   * What the request is aborted with when the caller's signal fires: `marker` is CALLER_ABORT (the caller stopped it,
   * which ends quietly), `forward` the caller's own reason (a discovery probe's time-out stays a time-out).
   */
  callerReason: 'marker' | 'forward';
  firstByteMs: number;
  idleMs: number;
  now: () => number;
}

export class RequestScope {
  readonly controller = new AbortController();
  readonly watchdog: StallWatchdog;
  readonly startedAt: number;
  private readonly onCallerAbort: () => void;

  constructor(private readonly options: RequestScopeOptions) {
    const { caller, url, now } = options;
    this.startedAt = now();
    this.watchdog = new StallWatchdog({
      firstByteMs: options.firstByteMs,
      idleMs: options.idleMs,
      now,
      onStall: (phase, limitMs) => this.controller.abort(new TimeoutError(phase, limitMs, url)),
    });
    this.onCallerAbort = () => this.controller.abort(options.callerReason === 'marker' ? CALLER_ABORT : caller?.reason);
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the caller's signal (and not a time-out) ended the request; only with `callerReason: 'marker'`. */
  get stoppedByCaller(): boolean {
    return this.controller.signal.reason === CALLER_ABORT;
  }

  /** Milliseconds since the request began, for the log. */
  elapsedMs(): number {
    return this.options.now() - this.startedAt;
  }

  /** The request is over: the watchdog stops, the caller's signal is let go and whatever is still open is aborted. */
  close(): void {
    this.watchdog.stop();
    this.options.caller?.removeEventListener('abort', this.onCallerAbort);
    if (!this.controller.signal.aborted) this.controller.abort(CALLER_ABORT);
  }
}
