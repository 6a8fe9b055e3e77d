// A LiteLLM virtual key's spend and budget in the status bar: asked after an answer from a LiteLLM proxy (its
// x-litellm-call-id header says so) and by Test Connection, at most once a minute per server (core's KeyBudgetWatch),
// with the key itself (the proxy answers about that key). From 80 % of the budget the status bar turns to a warning
// and the user is told once; from 95 % told again, more strongly.
import * as vscode from 'vscode';
import { budgetLevel, budgetWarning, discoveryUrls, formatKeyBudget, KeyBudgetWatch, type BudgetLevel, type KeyBudgetState } from '../../../core';
import type { ReadyClient } from '../clients/clientFactory';
import type { Log } from '../log/log';
import type { ServerNotices } from '../notices/serverNotices';

export interface KeyBudgetsOptions {
  notices: ServerNotices;
  log: Log;
  now?: () => number;
}

export class KeyBudgets {
  private readonly watches = new Map<string, KeyBudgetWatch>();
  /** The strongest level already told to the user, per server, so each warning is shown once a session. */
  private readonly told = new Map<string, BudgetLevel>();

  constructor(private readonly options: KeyBudgetsOptions) {}

  /** Asks `ready`'s server (unless asked less than a minute ago, or `force`) and shows what it said. */
  async refresh(ready: ReadyClient, force = false): Promise<KeyBudgetState> {
    if (!ready.hasApiKey) return { kind: 'absent' };
    const server = `${ready.settings.profile}\n${ready.client.urls.chatCompletions}`;
    let watch = this.watches.get(server);
    if (!watch) {
      const url = discoveryUrls(ready.client.urls).liteLlmKeyInfo;
      watch = new KeyBudgetWatch({
        now: this.options.now ?? Date.now,
        request: () => ready.client.discoveryRequest({ method: 'GET', url, signal: AbortSignal.timeout(5000), required: false }),
      });
      this.watches.set(server, watch);
    }
    const state = await watch.refresh(force);
    this.show(server, state);
    return state;
  }

  private show(server: string, state: KeyBudgetState): void {
    if (state.kind !== 'known') {
      if (state.kind === 'absent') this.options.notices.setKeyBudget(undefined, 'ok');
      return;
    }
    const level = budgetLevel(state.budget);
    this.options.notices.setKeyBudget(formatKeyBudget(state.budget), level);
    const warning = budgetWarning(state.budget);
    const before = this.told.get(server) ?? 'ok';
    if (warning === undefined || rank(level) <= rank(before)) return;
    this.told.set(server, level);
    this.options.log.warn(`key budget: ${warning}`);
    const show = level === 'critical' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
    void show(`Ask Model: ${warning}`);
  }
}

function rank(level: BudgetLevel): number {
  return level === 'critical' ? 2 : level === 'warning' ? 1 : 0;
}
