// What every request (Ask Model, Edit Selection, the chat) needs first, as the core's PreparedRun: a client for the
// current settings and key, with a model (with none set, the user picks one from the server's list, or types one, and
// the client is made again for it), the request builder for the feature (each request logged), the tool rules, and
// the answer log, and the system prompt with the project rules for the files the answer works on (`workingFiles`).
// Undefined: the user declined to pick a model.
import type * as vscode from 'vscode';
import { answerFactsOf, approvalRule, assembleRequests, describeCompaction, modelRequestOptions, offerVscodeTools, systemPromptWithRules, toolDefinitions, type PreparedRun, type RunPurpose } from '../core';
import { recordAnswer } from './answerRecord';
import type { ClientFactory } from './clientFactory';
import { selectModel } from './modelPicker';
import { logRequest, type Log } from './log';
import { knownModelInfo } from './modelCatalogue';
import { readProjectRules } from './rules/projectRulesReader';
import { readProfiles, readWorkspaceToolSettings } from './settings';
import { listVscodeTools } from './tools/vscodeTools';

export async function prepareRun(factory: ClientFactory, log: Log, purpose: RunPurpose, workingFiles: readonly vscode.Uri[] = []): Promise<PreparedRun | undefined> {
  let ready = await factory.create();
  if (ready.settings.model === '') {
    if (!(await selectModel(factory, log))) return undefined;
    ready = await factory.create();
  }
  const { client, settings } = ready;
  // The model's overrides (and what this session's catalogue already knows of it; a request never waits on discovery).
  const modelInfo = knownModelInfo(factory, ready, settings.model);
  const modelOptions = modelRequestOptions(modelInfo);
  // Ask Model offers no tools; Edit Selection always does (it works through them); the chat as the settings say; none
  // to a model that takes none.
  const toolSettings = purpose === 'ask-model' ? undefined : readWorkspaceToolSettings();
  const offered = toolSettings !== undefined && (purpose === 'edit-selection' || toolSettings.enabled) && modelOptions.toolsAllowed;
  // VS Code's tools only as the user allowed them (askModel.vscodeTools.allow), whether or not ours are on.
  const listed = toolSettings !== undefined && modelOptions.toolsAllowed && toolSettings.vscodeToolsAllow.length > 0 ? listVscodeTools() : [];
  const vscodeTools = toolSettings === undefined ? [] : offerVscodeTools(listed, { allow: toolSettings.vscodeToolsAllow, autoApprove: toolSettings.vscodeToolsAutoApprove });
  const assembly = assembleRequests({ settings, surface: purpose, modelInfo, tools: [...toolDefinitions(offered), ...vscodeTools.map((tool) => tool.definition)] });
  const tools = assembly.tools;
  // Every log line of the run says which profile's server it went to.
  const feature = `${purpose} (profile ${settings.profile})`;
  if (toolSettings !== undefined && !modelOptions.toolsAllowed) {
    const why = settings.modelOverrides[settings.model]?.tools === false ? 'its override says tools: false' : 'the server says it takes none';
    log.warn(`${feature}: no workspace tools offered to ${settings.model}: ${why} (set "tools": true for it in modelOverrides to offer them anyway)`);
  } else if (toolSettings !== undefined && toolSettings.vscodeToolsAllow.length > 0) {
    log.info(
      vscodeTools.length > 0
        ? `${feature}: VS Code tools offered: ${vscodeTools.map((tool) => (tool.functionName === tool.toolName ? tool.toolName : `${tool.toolName} as ${tool.functionName}`)).join(', ')}`
        : `${feature}: askModel.vscodeTools.allow names none of the ${listed.length} tools VS Code lists (an MCP server's tools are listed once it has started)`,
    );
  }
  // A setting the request cannot carry (extra body, metadata) is reported now, before anything is shown.
  assembly.request([{ role: 'user', content: '' }]);
  const projectRules = await readProjectRules(workingFiles, log, feature);
  const run: PreparedRun = {
    purpose,
    model: settings.model,
    profile: readProfiles().length > 1 ? settings.profile : undefined,
    prices: assembly.prices,
    systemPrompt: systemPromptWithRules(settings.systemPrompt, projectRules),
    ...(projectRules ? { projectRules } : {}),
    client,
    buildRequest: (messages) => {
      const request = assembly.request(messages);
      logRequest(log, feature, request);
      return request;
    },
    tools:
      toolSettings !== undefined && (offered || vscodeTools.length > 0)
        ? { needsApproval: approvalRule(toolSettings), maxRounds: toolSettings.maxRounds, offer: { workspace: offered, vscode: vscodeTools } }
        : undefined,
    toolDefinitions: tools,
    contextMemory: factory.contextMemories.memoryFor(settings.profile, settings.model, () => {
      // Read when asked: the catalogue may have learnt the model's window since the run was prepared.
      const info = knownModelInfo(factory, ready, settings.model);
      return info.contextWindow === undefined ? undefined : { contextWindow: info.contextWindow, maxOutputTokens: modelOptions.maxOutputTokens ?? info.maxOutputTokens };
    }),
    summarise: async (messages, maxTokens, signal) => {
      const request = assembly.request(messages, { tools: [], maxOutputTokens: maxTokens });
      logRequest(log, `${feature} summary`, request);
      const result = await client.complete(request, { signal });
      if (result.text.trim() === '') throw new Error('the model answered the summary request with nothing');
      return result.text;
    },
    compacted: (record) => log.info(`${feature}: ${describeCompaction(record)}`),
    tokenCounter: factory.tokenCounterFor(ready, settings.model, (line) => log.info(`${feature}: ${line}`)),
    answered: (done) => {
      recordAnswer(factory, log, feature, done, answerFactsOf(done, run));
    },
  };
  return run;
}
