// The one run every surface makes (our chat, Ask Model, Edit Selection, VS Code's chat through our language model
// provider, the commit message, Test Connection, inline completions): a client for the profile's current settings and
// key, the model (the surface's setting, else the user picks one, or the caller's), the request builder (every
// request logged, built by the one assembly), the tools offered and their rules, the system prompt with the project
// rules for the files the answer works on, and the answer record. What differs between surfaces is their record in
// surfaceRules.ts; the world comes in through ports (prepareRunPorts.ts), which the host implements on VS Code.
import { describeCompaction } from '../context/compactionLog';
import { SettingsError } from '../errors/AskModelError';
import type { ModelInfo } from '../protocol/modelInfo';
import type { ToolDefinition } from '../protocol/messages';
import { buildMetadata } from '../request/buildChatRequest';
import { assembleRequests, requestSettingsFor, type RequestSurface } from '../request/requestAssembly';
import { modelRequestOptions, type ModelRequestOptions } from '../request/modelRequestOptions';
import { systemPromptWithRules } from '../rules/projectRulesText';
import type { ExtensionSettings } from '../settings/extensionSettings';
import { approvalRule, type ToolSettings } from '../tools/toolSettings';
import { offerVscodeTools, type OfferedVscodeTool } from '../tools/vscodeTools';
import { isReadOnlyTool, toolDefinitions } from '../tools/workspaceTools';
import type { ChatMode } from './chatMode';
import { answerFactsOf, completionFactsOf } from './answerFacts';
import type { PreparedRun } from './preparedRun';
import type { PrepareRunPorts } from './prepareRunPorts';
import { SURFACE_RULES, type SurfaceRule } from './surfaceRules';

/** What a surface asks for; what it may not choose (its model's setting, its tools, its record) is its rule's. */
export interface RunRequest<File = string> {
  surface: RequestSurface;
  /** The profile that answers (VS Code's chat names its model's); default: the active one. */
  profile?: string | undefined;
  /** The model, for a surface whose rule says the caller names it. */
  model?: string | undefined;
  /** What the caller knows of the model beyond the catalogue (VS Code's picker's reasoning effort). */
  adjustModelInfo?: ((info: ModelInfo) => ModelInfo) | undefined;
  /** The tools, for a surface whose caller brings them. */
  tools?: readonly ToolDefinition[] | undefined;
  /** The files the answer works on (the project rules that apply depend on them). */
  workingFiles?: readonly File[] | undefined;
  /** The chat's mode (chatMode.ts); `plan` offers only the read tools and adds askModel.chat.planPrompt. Default act. */
  mode?: ChatMode | undefined;
}

/**
 * Undefined: the user declined to pick a model. Throws what reading the settings or the project rules throws, and a
 * SettingsError when the surface's model setting is empty and the surface cannot ask for one.
 */
export async function prepareRun<File>(ports: PrepareRunPorts<File>, request: RunRequest<File>): Promise<PreparedRun | undefined> {
  const rule = SURFACE_RULES[request.surface];
  let ready = await ports.createClient(request.profile);
  let model = modelOf(rule, ready.settings, request);
  if (model === '') {
    if (!rule.pickModel || rule.model === 'given') throw noModel(rule, request.surface);
    if (!(await ports.selectModel(rule.model === 'completionModel' ? 'completionModel' : 'model'))) return undefined;
    ready = await ports.createClient(request.profile);
    model = modelOf(rule, ready.settings, request);
    if (model === '') return undefined;
  }
  const { client, settings } = ready;
  const { log } = ports;
  const surface = request.surface;
  // The model's overrides (and what this session's catalogue already knows of it; a request never waits on discovery).
  const known = (): ModelInfo => (request.adjustModelInfo ?? ((info: ModelInfo) => info))(ready.modelInfo(model));
  const modelInfo = known();
  const modelOptions = modelRequestOptions(modelInfo);
  const plan = request.mode === 'plan';
  const offer = offerTools(ports, rule, modelOptions, plan);
  const workspaceTools = toolDefinitions(offer.workspace, offer.commands).filter((definition) => !plan || isReadOnlyTool(definition.function.name));
  const offered = rule.tools === 'given' ? [...(request.tools ?? [])] : [...workspaceTools, ...offer.vscode.map((tool) => tool.definition)];
  const assembly = assembleRequests({ settings: { ...settings, model }, surface, modelInfo, tools: offered });
  // Every log line of the run says which profile's server it went to.
  const feature = `${surface} (profile ${settings.profile})`;
  const note = toolOfferNote(offer, settings, model, modelOptions, plan);
  if (note?.level === 'warn') log.warn(`${feature}: ${note.line}`);
  else if (note) log.info(`${feature}: ${note.line}`);
  if (plan) log.info(`${feature}: plan mode: only the read tools are offered (${workspaceTools.map((definition) => definition.function.name).join(', ') || 'none'}; none of VS Code's)`);
  // A setting the request cannot carry (extra body, metadata) is reported now, before anything is shown.
  assembly.request([{ role: 'user', content: '' }]);
  const projectRules = rule.instructions ? await ports.projectRules(request.workingFiles ?? [], feature) : undefined;
  const record = rule.record ? ports.recordAnswer.bind(ports) : () => undefined;
  const run: PreparedRun = {
    surface,
    feature,
    model,
    modelInfo,
    settings: { ...settings, model },
    profile: ports.profileCount() > 1 ? settings.profile : undefined,
    prices: assembly.prices,
    systemPrompt: rule.instructions ? systemPromptWithRules(plan ? withPlanPrompt(settings) : settings.systemPrompt, projectRules) : '',
    ...(projectRules ? { projectRules } : {}),
    client,
    completions: (make) => ready.completions(make),
    metadata: buildMetadata(requestSettingsFor({ ...settings, model }, surface).metadata),
    buildRequest: (messages, variant) => {
      const built = assembly.request(messages, variant);
      if (rule.logsRequests) log.request(feature, built);
      return built;
    },
    tools:
      offer.settings !== undefined && (offer.workspace || offer.vscode.length > 0)
        ? { needsApproval: approvalRule(offer.settings), maxRounds: offer.settings.maxRounds, offer: { workspace: offer.workspace, commands: offer.commands, vscode: offer.vscode, ...(plan ? { readOnly: true } : {}) } }
        : undefined,
    toolDefinitions: assembly.tools,
    contextMemory: ports.contextMemory(settings.profile, model, () => {
      // Read when asked: the catalogue may have learnt the model's window since the run was prepared.
      const info = known();
      return info.contextWindow === undefined ? undefined : { contextWindow: info.contextWindow, maxOutputTokens: modelOptions.maxOutputTokens ?? info.maxOutputTokens };
    }),
    summarise: async (messages, maxTokens, signal) => {
      const summary = assembly.request(messages, { tools: [], maxOutputTokens: maxTokens });
      log.request(`${feature} summary`, summary);
      const result = await client.complete(summary, { signal });
      if (result.text.trim() === '') throw new Error('the model answered the summary request with nothing');
      return result.text;
    },
    compacted: (compaction) => log.info(`${feature}: ${describeCompaction(compaction)}`),
    tokenCounter: await ready.tokenCounter(model, (line) => log.info(`${feature}: ${line}`)),
    answered: (done) => record({ feature, facts: answerFactsOf(done, run), done }),
    completionAnswered: (answer) => record({ feature, facts: completionFactsOf(answer, run) }),
  };
  return run;
}

/** Plan mode's system prompt: the profile's, then askModel.chat.planPrompt (either may be empty). */
function withPlanPrompt(settings: ExtensionSettings): string {
  return [settings.systemPrompt.trim(), settings.planPrompt.trim()].filter((part) => part !== '').join('\n\n');
}

/** The model the surface's rule names, as the settings (or the caller) give it; '' for none. */
function modelOf(rule: SurfaceRule, settings: ExtensionSettings, request: RunRequest<unknown>): string {
  switch (rule.model) {
    case 'given':
      return request.model?.trim() ?? '';
    case 'commitModel':
      return settings.commitModel || settings.model;
    case 'completionModel':
      return settings.completionModel;
    case 'model':
      return settings.model;
  }
}

function noModel(rule: SurfaceRule, surface: RequestSurface): Error {
  if (rule.model === 'given') return new Error(`${surface}: no model was named for the request`);
  const setting = rule.model === 'commitModel' ? 'askModel.model' : `askModel.${rule.model}`;
  return new SettingsError(setting, `is empty, so ${surface} has no model to ask; choose one (for a profile, its own "${rule.model === 'commitModel' ? 'model' : rule.model}").`);
}

/** The tools a run offers, and the settings that said so (undefined for a surface whose rule reads none). */
interface ToolOfferDecision {
  settings: ToolSettings | undefined;
  /** Ours (the workspace tools). */
  workspace: boolean;
  /** run_command among them: the chat's, in a trusted workspace. */
  commands: boolean;
  /** How many tools VS Code listed (0 when it was not asked). */
  listed: number;
  vscode: OfferedVscodeTool[];
}

/**
 * Edit Selection always offers ours (it works through them); the chat as the settings say; none to a model that takes
 * none. VS Code's tools only as the user allowed them (askModel.vscodeTools.allow), whether or not ours are on; VS
 * Code is asked for its list only then. A surface whose tools are none or the caller's reads no tool setting.
 */
function offerTools<File>(ports: PrepareRunPorts<File>, rule: SurfaceRule, modelOptions: ModelRequestOptions, plan: boolean): ToolOfferDecision {
  if (rule.tools === 'none' || rule.tools === 'given') return { settings: undefined, workspace: false, commands: false, listed: 0, vscode: [] };
  const settings = ports.toolSettings();
  const workspace = (rule.tools === 'workspace' || settings.enabled) && modelOptions.toolsAllowed;
  // Plan mode offers none of VS Code's tools: nothing in their record says a tool only reads.
  if (plan) return { settings, workspace, commands: false, listed: 0, vscode: [] };
  const listed = modelOptions.toolsAllowed && settings.vscodeToolsAllow.length > 0 ? ports.vscodeTools() : [];
  const vscode = offerVscodeTools(listed, { allow: settings.vscodeToolsAllow, autoApprove: settings.vscodeToolsAutoApprove });
  // A command runs in the workspace's folder with the user's shell: never in a workspace the user has not trusted, and
  // only from the chat, whose card shows it before it runs.
  const commands = workspace && rule.tools === 'settings' && ports.workspaceTrusted();
  return { settings, workspace, commands, listed: listed.length, vscode };
}

/** The log line about the tools offered: why a model that takes none got none, or which of VS Code's were offered. */
function toolOfferNote(offer: ToolOfferDecision, settings: ExtensionSettings, model: string, modelOptions: ModelRequestOptions, plan: boolean): { level: 'info' | 'warn'; line: string } | undefined {
  if (offer.settings === undefined) return undefined;
  if (!modelOptions.toolsAllowed) {
    const why = settings.modelOverrides[model]?.tools === false ? 'its override says tools: false' : 'the server says it takes none';
    return { level: 'warn', line: `no workspace tools offered to ${model}: ${why} (set "tools": true for it in modelOverrides to offer them anyway)` };
  }
  // Plan mode's own line says what it offers.
  if (offer.settings.vscodeToolsAllow.length === 0 || plan) return undefined;
  return {
    level: 'info',
    line:
      offer.vscode.length > 0
        ? `VS Code tools offered: ${offer.vscode.map((tool) => (tool.functionName === tool.toolName ? tool.toolName : `${tool.toolName} as ${tool.functionName}`)).join(', ')}`
        : `askModel.vscodeTools.allow names none of the ${offer.listed} tools VS Code lists (an MCP server's tools are listed once it has started)`,
  };
}

