// The host's one run adapter: core's prepareRun (src/core/run/prepareRun.ts), which makes the run of every surface,
// through ports implemented here on VS Code and the session's services, and the one record every answer leaves: its
// line in the log, the server's rate-limit note in the status bar, its cost in the day's spend, and, from a LiteLLM
// proxy (it sends x-litellm-call-id), the key's budget asked again (at most once a minute). No other host code builds
// a request, logs one or records an answer.
import type * as vscode from 'vscode';
import { formatDailySpend, messageOf, prepareRun, rateLimitNote, type AnswerRecord, type PreparedRun, type PrepareRunPorts, type RunRequest } from '../../../core';
import type { ModelCatalogues } from '../catalogue/modelCatalogues';
import { selectModel } from '../catalogue/modelPicker';
import type { ClientFactory } from '../clients/clientFactory';
import type { ContextMemories } from '../context/contextMemories';
import type { TokenCounters } from '../context/tokenCounters';
import { logAnswer, logRequest, type Log } from '../log/log';
import type { ServerNotices } from '../notices/serverNotices';
import { readProjectRules } from '../rules/projectRulesReader';
import { readProfiles, readWorkspaceToolSettings } from '../settings/settings';
import type { KeyBudgets } from '../spend/keyBudgets';
import type { SpendLedger } from '../spend/spendLedger';
import { listVscodeTools, workspaceTrusted } from '../tools/vscodeTools';

export interface RunsOptions {
  clients: ClientFactory;
  catalogues: ModelCatalogues;
  tokenCounters: TokenCounters;
  contextMemories: ContextMemories;
  spend: SpendLedger;
  keyBudgets: KeyBudgets;
  notices: ServerNotices;
  log: Log;
}

export class Runs {
  private readonly ports: PrepareRunPorts<vscode.Uri>;

  constructor(private readonly options: RunsOptions) {
    const { clients, catalogues, tokenCounters, contextMemories, log } = options;
    this.ports = {
      createClient: async (profile) => {
        const ready = await clients.create(profile);
        return {
          client: ready.client,
          settings: ready.settings,
          modelInfo: (model) => catalogues.known(ready, model),
          tokenCounter: (model, line) => tokenCounters.counterFor(ready, model, line),
          completions: ready.completions,
        };
      },
      selectModel: (setting) => selectModel({ clients, catalogues }, { forCompletions: setting === 'completionModel' }),
      toolSettings: readWorkspaceToolSettings,
      vscodeTools: listVscodeTools,
      workspaceTrusted,
      projectRules: (workingFiles, feature) => readProjectRules(workingFiles, log, feature),
      profileCount: () => readProfiles().length,
      contextMemory: (profile, model, known) => contextMemories.memoryFor(profile, model, known),
      recordAnswer: (record) => this.record(record),
      log: {
        info: (line) => log.info(line),
        warn: (line) => log.warn(line),
        request: (feature, request) => logRequest(log, feature, request),
      },
    };
  }

  /** The run `request` asks for; undefined when the user declined to pick a model. */
  prepare(request: RunRequest<vscode.Uri>): Promise<PreparedRun | undefined> {
    return prepareRun(this.ports, request);
  }

  private record({ feature, facts, done }: AnswerRecord): void {
    const { log, notices, spend, clients, keyBudgets } = this.options;
    // A completion has its own line from the engine and counts only when it cost something (a local server's is free).
    if (done === undefined && facts.cost === undefined) return;
    if (done) {
      logAnswer(log, feature, done, facts);
      notices.setRateLimit(rateLimitNote(done.headers.rateLimit));
    }
    spend.record(facts.cost).then(
      (total) => log.info(formatDailySpend(total)),
      (error: unknown) => log.warn(`the day's spend could not be saved: ${messageOf(error)}`),
    );
    if (done?.headers.callId !== undefined) {
      clients
        .create(facts.profile)
        .then((ready) => keyBudgets.refresh(ready))
        .catch((error: unknown) => log.warn(`the key's budget could not be read: ${messageOf(error)}`));
    }
  }
}
