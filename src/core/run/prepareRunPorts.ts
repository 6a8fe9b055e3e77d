// What preparing a run needs from the world, as ports the host implements on VS Code and its services
// (src/host/platform/run/runs.ts), and the tests on plain values (test/support/fakes/run/fakePrepareRunPorts.ts).
import type { ContextMemory, ContextWindow } from '../context/contextFitter';
import type { ServerTokenCounter } from '../context/serverTokenCounter';
import type { CompletionClientOptions, CompletionSender } from '../completions/completionClient';
import type { ChatCompletionRequest } from '../protocol/messages';
import type { ModelInfo } from '../protocol/modelInfo';
import type { ProjectRules } from '../rules/projectRulesText';
import type { ExtensionSettings } from '../settings/extensionSettings';
import type { ChatDone } from '../stream/events';
import type { ToolSettings } from '../tools/toolSettings';
import type { ChatStreamSource } from '../tools/toolLoopTypes';
import type { VscodeToolInfo } from '../tools/vscodeTools';
import type { AnswerFacts } from './answerFacts';

/** The client a run sends through: the answer loop streams, a summary or a connection test is answered whole. */
export interface RunClient extends ChatStreamSource {
  complete(request: ChatCompletionRequest, options: { signal?: AbortSignal }): Promise<{ text: string; done?: ChatDone | undefined }>;
}

/** A client made for the current settings and key of one profile, with what is known of its models without asking. */
export interface ReadyRunClient {
  client: RunClient;
  settings: ExtensionSettings;
  /** What is known of `model` on this server now: the session's discovery (if any) and the user's overrides. */
  modelInfo(model: string): ModelInfo;
  /** The server's own token count for `model`, where one is known to be offered; `log` hears once what was found. */
  tokenCounter(model: string, log: (line: string) => void): Promise<ServerTokenCounter | undefined>;
  /**
   * A client for the same server's completion endpoints (same key, headers and proxy support; no retries), made by
   * `make` from the options: the completions bring the client's class, so the run does not load it for every surface.
   */
  completions(make: (options: CompletionClientOptions) => CompletionSender): CompletionSender;
}

/** The log a run writes to: a line per decision, and each request as it goes (its body at trace level). */
export interface RunLog {
  info(line: string): void;
  warn(line: string): void;
  request(feature: string, request: ChatCompletionRequest): void;
}

/** What one answer leaves behind, whatever surface asked for it. */
export interface AnswerRecord {
  /** The surface and profile, as every log line of the run names them. */
  feature: string;
  facts: AnswerFacts;
  /**
   * The chat answer as it finished (its log line, its rate-limit headers, the proxy's call id); absent for a
   * completion, whose engine writes its own line per answer and which counts only when it has a price.
   */
  done?: ChatDone | undefined;
}

/** `File`: how the host names the files an answer works on (the project rules that apply depend on them). */
export interface PrepareRunPorts<File = string> {
  /** A client for the current settings and key of `profile` (undefined: the active one), read again on each call. */
  createClient(profile?: string): Promise<ReadyRunClient>;
  /**
   * The model picker, when the surface's model setting is empty: the model chosen (now in that setting), or undefined
   * when declined.
   */
  selectModel(setting: 'model' | 'completionModel'): Promise<string | undefined>;
  /** askModel.tools.* and askModel.vscodeTools.* (throws a SettingsError for a bad value). */
  toolSettings(): ToolSettings;
  /** The tools VS Code lists now (`vscode.lm.tools`). */
  vscodeTools(): readonly VscodeToolInfo[];
  /** Whether the user trusts the workspace: in Restricted Mode run_command is not offered. */
  workspaceTrusted(): boolean;
  /** The project rules for an answer about `workingFiles`; undefined when none apply. `feature` starts its log lines. */
  projectRules(workingFiles: readonly File[], feature: string): Promise<ProjectRules | undefined>;
  /** How many server profiles the settings hold (the footer and the answer's facts name the profile when more than one). */
  profileCount(): number;
  /** What the session learnt of the model's window and token counts; `known` reads what the catalogue says now. */
  contextMemory(profile: string, model: string, known: () => ContextWindow | undefined): ContextMemory;
  /** Every recorded answer: its log line, the rate-limit note, the day's spend, the key's budget. */
  recordAnswer(record: AnswerRecord): void;
  log: RunLog;
}
