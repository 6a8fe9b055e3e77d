// The ports of core's prepareRun (src/core/run/prepareRun.ts, which decides the model, the tools, the log lines and
// the run's callbacks) on VS Code and the client factory. Undefined: the user declined to pick a model.
import type * as vscode from 'vscode';
import { prepareRun as prepareCoreRun, type PreparedRun, type PrepareRunPorts, type RunPurpose } from '../../../core';
import { recordAnswer } from './answerRecord';
import type { ClientFactory } from '../clients/clientFactory';
import { selectModel } from '../catalogue/modelPicker';
import { logRequest, type Log } from '../log/log';
import { knownModelInfo } from '../catalogue/modelCatalogue';
import { readProjectRules } from '../rules/projectRulesReader';
import { readProfiles, readWorkspaceToolSettings } from '../settings/settings';
import { listVscodeTools } from '../tools/vscodeTools';

export function prepareRun(factory: ClientFactory, log: Log, purpose: RunPurpose, workingFiles: readonly vscode.Uri[] = []): Promise<PreparedRun | undefined> {
  return prepareCoreRun(runPorts(factory, log), purpose, workingFiles);
}

function runPorts(factory: ClientFactory, log: Log): PrepareRunPorts<vscode.Uri> {
  return {
    createClient: async () => {
      const ready = await factory.create();
      return {
        client: ready.client,
        settings: ready.settings,
        modelInfo: (model) => knownModelInfo(factory, ready, model),
        tokenCounter: (model, line) => factory.tokenCounterFor(ready, model, line),
      };
    },
    selectModel: () => selectModel(factory, log),
    toolSettings: readWorkspaceToolSettings,
    vscodeTools: listVscodeTools,
    projectRules: (workingFiles, feature) => readProjectRules(workingFiles, log, feature),
    profileCount: () => readProfiles().length,
    contextMemory: (profile, model, known) => factory.contextMemories.memoryFor(profile, model, known),
    recordAnswer: (feature, done, facts) => recordAnswer(factory, log, feature, done, facts),
    log: {
      info: (line) => log.info(line),
      warn: (line) => log.warn(line),
      request: (feature, request) => logRequest(log, feature, request),
    },
  };
}
