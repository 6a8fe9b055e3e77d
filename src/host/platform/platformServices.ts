// The session's services, built once (extension.ts asks for them on first use, through the lazy loader) and handed to
// each feature by name: the keys, the client factory, the model catalogues, the day's spend, the key budgets, what
// requests learnt of each model's window, and the run every surface makes.
import type * as vscode from 'vscode';
import { ModelCatalogues, type DiscoverModels } from './catalogue/modelCatalogues';
import { ApiKeyStore } from './clients/apiKeyStore';
import { ClientFactory } from './clients/clientFactory';
import { ContextMemories } from './context/contextMemories';
import { TokenCounters, type LoadTokenCounter } from './context/tokenCounters';
import type { Log } from './log/log';
import type { ServerNotices } from './notices/serverNotices';
import { Runs } from './run/runs';
import { KeyBudgets } from './spend/keyBudgets';
import { SpendLedger } from './spend/spendLedger';

export interface PlatformServices {
  keys: ApiKeyStore;
  clients: ClientFactory;
  catalogues: ModelCatalogues;
  spend: SpendLedger;
  keyBudgets: KeyBudgets;
  contextMemories: ContextMemories;
  runs: Runs;
}

export interface PlatformOptions {
  secrets: vscode.SecretStorage;
  globalState: vscode.Memento;
  log: Log;
  notices: ServerNotices;
  /** Discovery's code, loaded on the first discovery (extension.ts hands lazy.ts's loader of it). */
  discover: DiscoverModels;
  /** The token counter's code, loaded on the first server that counts (extension.ts hands lazy.ts's loader of it). */
  loadTokenCounter: LoadTokenCounter;
  /** Default: nodeHttpFetch (clients/clientFactory.ts says why). */
  fetch?: typeof globalThis.fetch;
}

export function createPlatform(options: PlatformOptions): PlatformServices {
  const { log, notices } = options;
  const keys = new ApiKeyStore(options.secrets);
  const catalogues = new ModelCatalogues(log, options.discover);
  const clients = new ClientFactory({ keys, log, notices, modelInfo: (server, model) => catalogues.known(server, model), ...(options.fetch ? { fetch: options.fetch } : {}) });
  const spend = new SpendLedger(options.globalState);
  const keyBudgets = new KeyBudgets({ notices, log });
  const contextMemories = new ContextMemories(options.globalState, (line) => log.info(line));
  const tokenCounters = new TokenCounters(catalogues, options.loadTokenCounter);
  const runs = new Runs({ clients, catalogues, tokenCounters, contextMemories, spend, keyBudgets, notices, log });
  return { keys, clients, catalogues, spend, keyBudgets, contextMemories, runs };
}
