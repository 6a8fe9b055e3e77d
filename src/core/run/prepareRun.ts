// What every request (Ask Model, Edit Selection, the chat) needs first, as a PreparedRun: a client for the current
// settings and key, with a model (with none set, the user picks one from the server's list, or types one, and the
// client is made again for it), the request builder for the feature (each request logged), the tool rules, and the
// answer log, and the system prompt with the project rules for the files the answer works on (`workingFiles`).
// The world comes in through ports (prepareRunPorts.ts); the host implements them on VS Code (src/host/prepareRun.ts).
import { describeCompaction } from '../context/compactionLog';
import { assembleRequests } from '../request/requestAssembly';
import { modelRequestOptions, type ModelRequestOptions } from '../request/modelRequestOptions';
import { systemPromptWithRules } from '../rules/projectRulesText';
import type { ExtensionSettings } from '../settings/extensionSettings';
import { approvalRule, type ToolSettings } from '../tools/toolSettings';
import { offerVscodeTools, type OfferedVscodeTool } from '../tools/vscodeTools';
import { toolDefinitions } from '../tools/workspaceTools';
import { answerFactsOf } from './answerFacts';
import type { PreparedRun, RunPurpose } from './preparedRun';
import type { PrepareRunPorts } from './prepareRunPorts';

/** Undefined: the user declined to pick a model. Throws what reading the settings or the project rules throws. */
export async function prepareRun<File>(ports: PrepareRunPorts<File>, purpose: RunPurpose, workingFiles: readonly File[] = []): Promise<PreparedRun | undefined> {
  let ready = await ports.createClient();
  if (ready.settings.model === '') {
    if (!(await ports.selectModel())) return undefined;
    ready = await ports.createClient();
  }
  const { client, settings } = ready;
  const { log } = ports;
  // The model's overrides (and what this session's catalogue already knows of it; a request never waits on discovery).
  const modelInfo = ready.modelInfo(settings.model);
  const modelOptions = modelRequestOptions(modelInfo);
  const offer = offerTools(ports, purpose, modelOptions);
  const assembly = assembleRequests({ settings, surface: purpose, modelInfo, tools: [...toolDefinitions(offer.workspace), ...offer.vscode.map((tool) => tool.definition)] });
  // Every log line of the run says which profile's server it went to.
  const feature = `${purpose} (profile ${settings.profile})`;
  const note = toolOfferNote(offer, settings, modelOptions);
  if (note?.level === 'warn') log.warn(`${feature}: ${note.line}`);
  else if (note) log.info(`${feature}: ${note.line}`);
  // A setting the request cannot carry (extra body, metadata) is reported now, before anything is shown.
  assembly.request([{ role: 'user', content: '' }]);
  const projectRules = await ports.projectRules(workingFiles, feature);
  const run: PreparedRun = {
    purpose,
    model: settings.model,
    profile: ports.profileCount() > 1 ? settings.profile : undefined,
    prices: assembly.prices,
    systemPrompt: systemPromptWithRules(settings.systemPrompt, projectRules),
    ...(projectRules ? { projectRules } : {}),
    client,
    buildRequest: (messages) => {
      const request = assembly.request(messages);
      log.request(feature, request);
      return request;
    },
    tools:
      offer.settings !== undefined && (offer.workspace || offer.vscode.length > 0)
        ? { needsApproval: approvalRule(offer.settings), maxRounds: offer.settings.maxRounds, offer: { workspace: offer.workspace, vscode: offer.vscode } }
        : undefined,
    toolDefinitions: assembly.tools,
    contextMemory: ports.contextMemory(settings.profile, settings.model, () => {
      // Read when asked: the catalogue may have learnt the model's window since the run was prepared.
      const info = ready.modelInfo(settings.model);
      return info.contextWindow === undefined ? undefined : { contextWindow: info.contextWindow, maxOutputTokens: modelOptions.maxOutputTokens ?? info.maxOutputTokens };
    }),
    summarise: async (messages, maxTokens, signal) => {
      const request = assembly.request(messages, { tools: [], maxOutputTokens: maxTokens });
      log.request(`${feature} summary`, request);
      const result = await client.complete(request, { signal });
      if (result.text.trim() === '') throw new Error('the model answered the summary request with nothing');
      return result.text;
    },
    compacted: (record) => log.info(`${feature}: ${describeCompaction(record)}`),
    tokenCounter: ready.tokenCounter(settings.model, (line) => log.info(`${feature}: ${line}`)),
    answered: (done) => {
      ports.recordAnswer(feature, done, answerFactsOf(done, run));
    },
  };
  return run;
}

/** The tools a run offers, and the settings that said so (undefined for Ask Model, which reads none). */
interface ToolOfferDecision {
  settings: ToolSettings | undefined;
  /** Ours (the workspace tools). */
  workspace: boolean;
  /** How many tools VS Code listed (0 when it was not asked). */
  listed: number;
  vscode: OfferedVscodeTool[];
}

/**
 * Ask Model offers no tools; Edit Selection always offers ours (it works through them); the chat as the settings say;
 * none to a model that takes none. VS Code's tools only as the user allowed them (askModel.vscodeTools.allow), whether
 * or not ours are on; VS Code is asked for its list only then.
 */
function offerTools<File>(ports: PrepareRunPorts<File>, purpose: RunPurpose, modelOptions: ModelRequestOptions): ToolOfferDecision {
  const settings = purpose === 'ask-model' ? undefined : ports.toolSettings();
  if (settings === undefined) return { settings, workspace: false, listed: 0, vscode: [] };
  const workspace = (purpose === 'edit-selection' || settings.enabled) && modelOptions.toolsAllowed;
  const listed = modelOptions.toolsAllowed && settings.vscodeToolsAllow.length > 0 ? ports.vscodeTools() : [];
  const vscode = offerVscodeTools(listed, { allow: settings.vscodeToolsAllow, autoApprove: settings.vscodeToolsAutoApprove });
  return { settings, workspace, listed: listed.length, vscode };
}

/** The log line about the tools offered: why a model that takes none got none, or which of VS Code's were offered. */
function toolOfferNote(offer: ToolOfferDecision, settings: ExtensionSettings, modelOptions: ModelRequestOptions): { level: 'info' | 'warn'; line: string } | undefined {
  if (offer.settings === undefined) return undefined;
  if (!modelOptions.toolsAllowed) {
    const why = settings.modelOverrides[settings.model]?.tools === false ? 'its override says tools: false' : 'the server says it takes none';
    return { level: 'warn', line: `no workspace tools offered to ${settings.model}: ${why} (set "tools": true for it in modelOverrides to offer them anyway)` };
  }
  if (offer.settings.vscodeToolsAllow.length === 0) return undefined;
  return {
    level: 'info',
    line:
      offer.vscode.length > 0
        ? `VS Code tools offered: ${offer.vscode.map((tool) => (tool.functionName === tool.toolName ? tool.toolName : `${tool.toolName} as ${tool.functionName}`)).join(', ')}`
        : `askModel.vscodeTools.allow names none of the ${offer.listed} tools VS Code lists (an MCP server's tools are listed once it has started)`,
  };
}
