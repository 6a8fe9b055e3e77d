// What the webview caches with setState: the host's last state and the message being typed. The host does not keep
// the view alive while hidden (no retainContextWhenHidden), so this is what lets it paint at once when shown again,
// before the host's answer to `ready` arrives, and what keeps a half-typed message.
import { parseHostMessage, type ChatViewState } from '../../core/chat/webviewProtocol';

export interface CachedView {
  readonly version: 1;
  readonly state: ChatViewState;
  readonly draft: string;
}

export const EMPTY_STATE: ChatViewState = { conversationId: '', turns: [], pendingContext: [], busy: false, model: '', profile: '', profiles: [], history: [] };

/** The cached view, if what getState() returned is one (an older build's cache, or nothing, gives undefined). */
export function readCachedView(cached: unknown): CachedView | undefined {
  if (typeof cached !== 'object' || cached === null) return undefined;
  const { version, state, draft } = cached as Partial<Record<keyof CachedView, unknown>>;
  if (version !== 1 || typeof draft !== 'string') return undefined;
  // The cache is checked like a host message: the same schema, so a stale shape is dropped rather than half-rendered.
  const parsed = parseHostMessage({ type: 'state', state });
  return parsed.ok && parsed.message.type === 'state' ? { version, state: parsed.message.state, draft } : undefined;
}
