// "Test Connection": says which URL it calls, then asks the cheap questions before the one that costs a token:
// LiteLLM's unauthenticated /health/readiness (where the server has it; never /health, which calls every model), the
// model list with what the server's richer endpoints say of each model (the catalogue), and last a one-token answer.
// Reports status, latency and the catalogue per model, a LiteLLM key's spend and budget (its /key/info, where the
// proxy has it), or the exact error and its fix; and, whatever the server said,
// when VS Code's own settings hide our models from its chat (the Copilot harness without its bridge), with the setting.
import * as vscode from 'vscode';
import { discoveryUrls, formatKeyBudget, formatModelDetail, formatMs, messageOf, type EndpointOutcome, type DescribedError, type HiddenModelsNotice } from '../../../core';
import type { ModelCatalogues } from '../../platform/catalogue/modelCatalogues';
import type { ClientFactory, ReadyClient } from '../../platform/clients/clientFactory';
import { readHiddenModelsNotice, showHiddenModelsNotice } from '../../platform/vscodeChat/hiddenModelsNotice';
import type { Log } from '../../platform/log/log';
import type { Runs } from '../../platform/run/runs';
import type { KeyBudgets } from '../../platform/spend/keyBudgets';
import { reportError } from '../../platform/ui/showError';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';

/** What the catalogue says of one model: its detail line ('' when nothing is known). */
export interface DiscoveredModel {
  id: string;
  detail: string;
}

/** LiteLLM's readiness answer: the status it gave and its own words. */
export interface Readiness {
  url: string;
  status: number;
  ready: boolean;
  /** e.g. `healthy, LiteLLM 1.74.9`. */
  summary: string;
}

export interface ConnectionReport {
  ok: boolean;
  url: string;
  models: string[] | undefined;
  modelsMs: number | undefined;
  model: string | undefined;
  answerMs: number | undefined;
  message: string;
  /** LiteLLM's readiness, where the server has the endpoint. */
  readiness?: Readiness | undefined;
  /** Each listed model with what discovery found. */
  discovered?: DiscoveredModel[];
  /** Each discovery endpoint asked, and what came of it. */
  endpoints?: EndpointOutcome[];
  error?: DescribedError;
  /** A LiteLLM key's spend and budget, in words (its /key/info). */
  keyBudget?: string;
  /** VS Code's settings hide our models from its chat: why, and the setting to change. */
  hiddenModels?: HiddenModelsNotice;
}

/** How many models the notification names with their details (the log has them all). */
const MODELS_IN_MESSAGE = 4;

/** What Test Connection asks: a client for the active profile, its catalogue, the run for the one token, the key's budget. */
export interface ConnectionDeps {
  clients: ClientFactory;
  catalogues: ModelCatalogues;
  runs: Runs;
  keyBudgets: KeyBudgets;
  log: Log;
}

export async function testConnection(deps: ConnectionDeps): Promise<ConnectionReport> {
  const hiddenModels = readHiddenModelsNotice();
  if (hiddenModels) showHiddenModelsNotice(hiddenModels, deps.log);
  const report = await testServer(deps);
  if (report.ok) {
    // The server answered: the key question is settled too (a local server needs none).
    walkthroughStepDone('testConnection');
    walkthroughStepDone('setKey');
  }
  return hiddenModels ? { ...report, hiddenModels } : report;
}

async function testServer(deps: ConnectionDeps): Promise<ConnectionReport> {
  const { log } = deps;
  let url = '(settings invalid)';
  try {
    const ready = await deps.clients.create();
    const { client, settings } = ready;
    url = client.urls.chatCompletions;
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Ask Model: testing ${url}…` }, async () => {
      const readiness = await checkReadiness(ready);
      const startedModels = performance.now();
      // Test Connection always asks the server afresh: it is the command for "what does this server say now".
      const catalogue = await deps.catalogues.load(ready, { refresh: true, signal: AbortSignal.timeout(30_000) });
      const modelsMs = performance.now() - startedModels;
      const listed = catalogue.discovered.listedIds === undefined ? undefined : catalogue.models;
      const models = listed?.map((model) => model.id).sort((a, b) => a.localeCompare(b));
      const discovered = [...(listed ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map((model) => ({ id: model.id, detail: formatModelDetail(model) }));
      for (const model of discovered) log.info(`test-connection: ${model.id}${model.detail ? `: ${model.detail}` : ': nothing known beyond its name'}`);
      const base = { url, models, modelsMs, readiness, discovered, endpoints: catalogue.discovered.endpoints };
      const model = settings.model || models?.[0];
      if (!model) {
        const message = `Reached ${client.urls.models} in ${formatMs(modelsMs)}, but the server lists no models and askModel.model is empty. Set a model to finish the test.`;
        void vscode.window.showWarningMessage(`Ask Model: ${message}`, 'Select Model').then((pick) => pick && vscode.commands.executeCommand('askModel.selectModel'));
        return { ok: false, ...base, model: undefined, answerMs: undefined, message };
      }
      // One token, whatever the model's override says, and no stream: the answer only proves the model answers. The
      // model's sampling parameters and headers (modelOverrides) go as with every request: a server that refuses one
      // (OpenAI refuses top_k) should fail here, where the user is testing, not at the first question. The run is
      // the one every surface makes; its answer is not recorded (it is a test, not an answer).
      const run = await deps.runs.prepare({ surface: 'test-connection', model });
      if (!run) throw new Error('test-connection: the run was not made');
      const request = run.buildRequest([{ role: 'user', content: 'Reply with OK.' }], { stream: false, maxOutputTokens: 1 });
      const startedAnswer = performance.now();
      const result = await run.client.complete(request, { signal: AbortSignal.timeout(Math.max(settings.firstByteTimeoutMs, 30_000)) });
      const answerMs = performance.now() - startedAnswer;
      // After the answer, so its cost is counted; asked whatever the time since the last ask (this is the command for now).
      const budget = await deps.keyBudgets.refresh(ready, true);
      const keyBudget = budget.kind === 'known' ? formatKeyBudget(budget.budget) : undefined;
      const message = `Connected to ${url}.${readiness ? ` ${describeReadiness(readiness)}.` : ''} ${describeModels(listed === undefined ? undefined : discovered, modelsMs)}${describeSources(catalogue.discovered.endpoints)} A one-token answer from ${result.done?.model ?? model} took ${formatMs(answerMs)}.${keyBudget ? ` ${keyBudget}` : ''}`;
      log.info(`test-connection: ${message}`);
      void vscode.window.showInformationMessage(`Ask Model: ${message}`);
      return { ok: true, ...base, model, answerMs, message, ...(keyBudget ? { keyBudget } : {}) };
    });
  } catch (error) {
    log.error(`test-connection: ${messageOf(error)}`);
    const described = reportError(error, () => testConnection(deps));
    return { ok: false, url, models: undefined, modelsMs: undefined, model: undefined, answerMs: undefined, message: messageOf(error), error: described };
  }
}

/** LiteLLM's /health/readiness: no key needed, no model called. Undefined when the server has no such endpoint. */
async function checkReadiness({ client }: ReadyClient): Promise<Readiness | undefined> {
  const url = discoveryUrls(client.urls).liteLlmReadiness;
  try {
    const reply = await client.discoveryRequest({ method: 'GET', url, signal: AbortSignal.timeout(5000), required: false });
    const body = typeof reply.json === 'object' && reply.json !== null ? (reply.json as Record<string, unknown>) : undefined;
    // Only LiteLLM's answer counts: another server's page at that path (a 200 HTML page, a 404) says nothing.
    if (body === undefined || typeof body['status'] !== 'string') return undefined;
    const version = typeof body['litellm_version'] === 'string' ? `, LiteLLM ${body['litellm_version']}` : '';
    const db = typeof body['db'] === 'string' ? `, database ${body['db']}` : '';
    return { url, status: reply.status, ready: reply.status >= 200 && reply.status < 300, summary: `${body['status']}${version}${db}` };
  } catch {
    return undefined;
  }
}

function describeReadiness(readiness: Readiness): string {
  return readiness.ready ? `Proxy ready (${readiness.summary})` : `The proxy says it is not ready (${readiness.status}: ${readiness.summary})`;
}

function describeModels(discovered: DiscoveredModel[] | undefined, modelsMs: number): string {
  if (discovered === undefined) return `No model list (GET /v1/models not offered), checked in ${formatMs(modelsMs)}.`;
  const named = discovered.slice(0, MODELS_IN_MESSAGE).map((model) => (model.detail ? `${model.id} (${model.detail})` : model.id));
  const more = discovered.length > MODELS_IN_MESSAGE ? `, and ${discovered.length - MODELS_IN_MESSAGE} more (see the log)` : '';
  return `${discovered.length} model(s)${named.length > 0 ? `: ${named.join(', ')}${more}` : ''}, listed in ${formatMs(modelsMs)}.`;
}

function describeSources(endpoints: readonly EndpointOutcome[]): string {
  const richer = endpoints.filter((outcome) => outcome.outcome === 'read' && outcome.endpoint !== 'GET /v1/models').map((outcome) => outcome.endpoint);
  const unique = [...new Set(richer)];
  return unique.length > 0 ? ` Details from ${unique.join(', ')}.` : '';
}
