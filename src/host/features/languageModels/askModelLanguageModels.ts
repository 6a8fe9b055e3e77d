// The language model provider's work, loaded on its first call: every profile's catalogue as VS Code's model list,
// one request per `sendRequest` (VS Code's caller runs the tools and sends their results back) whose answer ends with
// the server's token usage (the part Copilot Chat's context-window indicator reads), and the token count (the
// server's own where it counts, else the calibrated estimate). The mapping itself is the core's
// (src/core/languageModels); this adapts it to VS Code's classes.
import * as vscode from 'vscode';
import {
  chatMessagesFromLanguageModel,
  estimatePromptTokens,
  LanguageModelAnswer,
  languageModelErrorCode,
  languageModelInformation,
  languageModelTokenCount,
  messageOf,
  offeredForChat,
  recordPromptUsage,
  toolChoiceFor,
  toolDefinitionsFromLanguageModel,
  withModelConfiguration,
  type AskModelChatInformation,
  type LanguageModelMessageShape,
  type ThinkingMark,
  type ContextMemory,
  type ModelInfo,
  type ServerProfile,
  type ServerTokenCounter,
} from '../../../core';
import type { ModelCatalogues } from '../../platform/catalogue/modelCatalogues';
import type { ClientFactory, ReadyClient } from '../../platform/clients/clientFactory';
import type { ContextMemories } from '../../platform/context/contextMemories';
import type { Log } from '../../platform/log/log';
import type { Runs } from '../../platform/run/runs';
import { readProfiles } from '../../platform/settings/settings';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';

export interface AskModelLanguageModelsOptions {
  runs: Runs;
  clients: ClientFactory;
  catalogues: ModelCatalogues;
  contextMemories: ContextMemories;
  log: Log;
  /** Tells VS Code the list changed (the provider's change event). */
  listChanged: () => void;
}

export class AskModelLanguageModels implements vscode.Disposable {
  private readonly stopListening: () => void;
  /** Each model's token counter (by profile and model), from its latest run: undefined where the server counts none. */
  private readonly counters = new Map<string, ServerTokenCounter | undefined>();
  /** Models whose counter was asked for before any run of theirs (once each). */
  private readonly countersAsked = new Set<string>();
  /** Parts left out as unknown, logged once each. */
  private readonly unknownParts = new Set<string>();

  constructor(private readonly options: AskModelLanguageModelsOptions) {
    // A server asked again (the picker's Refresh, Test Connection) may list other models or limits: VS Code asks anew.
    this.stopListening = options.catalogues.onRediscovered(() => options.listChanged());
  }

  dispose(): void {
    this.stopListening();
  }

  /**
   * Every model of every profile. A profile whose server cannot be asked is logged and offers only its configured
   * model (so it stays usable when its server lists nothing); no UI is shown, whether or not VS Code asks silently.
   */
  async information(_options: vscode.PrepareLanguageModelChatModelOptions, token: vscode.CancellationToken): Promise<AskModelChatInformation[]> {
    let profiles: ServerProfile[];
    try {
      profiles = readProfiles();
    } catch (error) {
      this.options.log.error(`language models: the profiles cannot be read: ${messageOf(error)}`);
      return [];
    }
    const signal = abortSignalOf(token);
    const lists = await Promise.all(profiles.map((profile) => this.profileModels(profile, signal.signal)));
    signal.dispose();
    return lists.flat();
  }

  private async profileModels(profile: ServerProfile, signal: AbortSignal): Promise<AskModelChatInformation[]> {
    const { clients, catalogues, log } = this.options;
    let ready: ReadyClient | undefined;
    let models: ModelInfo[] = [];
    try {
      ready = await clients.create(profile.name);
      models = (await catalogues.load(ready, { signal })).models;
    } catch (error) {
      log.warn(`language models: profile ${profile.name}: its models could not be listed: ${messageOf(error)}`);
    }
    if (profile.model !== '' && !models.some((model) => model.id === profile.model)) {
      models = [...models, ready ? catalogues.known(ready, profile.model) : { id: profile.model, sources: {} }];
    }
    // VS Code's chat asks only chat models: one its server says is for embeddings (or anything else) is left out.
    return models.filter(offeredForChat).map((info) => languageModelInformation(profile.name, info, this.memoryOf(profile.name, info).window()));
  }

  /** One request to the model's server; its text and tool calls are reported as they arrive. */
  async respond(
    model: AskModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const { runs, log } = this.options;
    let feature = `vscode-chat (profile ${model.profile})`;
    const signal = abortSignalOf(token);
    const ThinkingPart = thinkingPartClass();
    const answer = new LanguageModelAnswer({ thinking: ThinkingPart !== undefined });
    try {
      // The same run as our own chat's: the caller brings the messages, the tools and the model (with the effort the
      // user chose for it in VS Code's picker, where it offered one); the rest is the profile's.
      const run = await runs.prepare({
        surface: 'vscode-chat',
        profile: model.profile,
        model: model.model,
        adjustModelInfo: (info) => withModelConfiguration(info, (options as { modelConfiguration?: unknown }).modelConfiguration),
        tools: toolDefinitionsFromLanguageModel(options.tools),
      });
      if (!run) return;
      feature = run.feature;
      this.counters.set(counterKey(model), run.tokenCounter);
      const conversation = chatMessagesFromLanguageModel(withThinkingMarked(messages, ThinkingPart), { readsImages: run.modelInfo.supportsVision === true, unknownPart: (part) => this.unknownPart(feature, part) });
      const request = run.buildRequest(conversation, { toolChoice: toolChoiceFor(options.toolMode) });
      for await (const batch of run.client.streamBatches(request, { signal: signal.signal })) {
        for (const part of answer.partsOf(batch)) {
          if (part.type === 'text') progress.report(new vscode.LanguageModelTextPart(part.value));
          else if (part.type === 'toolCall') progress.report(new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input));
          else if (ThinkingPart) progress.report(new ThinkingPart(part.value) as vscode.LanguageModelResponsePart);
        }
      }
      if (answer.done) {
        run.answered(answer.done);
        walkthroughStepDone('vscodeChat');
      }
      if (token.isCancellationRequested) return;
      if (answer.promptTokens !== undefined) {
        // What the server counted teaches the estimate VS Code's token counts use (and our own chat's, for this model).
        const memory = run.contextMemory;
        memory.setCalibration(recordPromptUsage(memory.calibration(), estimatePromptTokens(request), answer.promptTokens));
      }
    } catch (error) {
      log.error(`${feature}: ${messageOf(error)}`);
      throw languageModelError(error);
    } finally {
      signal.dispose();
    }
    const failure = answer.failure();
    if (failure) {
      log.error(`${feature}: ${failure.message}`);
      throw languageModelError(failure);
    }
    // The answer ends with the server's usage, where this VS Code has data parts and the server counted anything.
    const usage = answer.usagePart();
    const DataPart = dataPartClass();
    if (usage && DataPart) progress.report(new DataPart(usage.data, usage.mimeType));
  }

  /** The server's count where the catalogue says it counts (as the chat's meter takes it), else the calibrated estimate; never throws. */
  async countTokens(model: AskModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage, _token: vscode.CancellationToken): Promise<number> {
    return languageModelTokenCount(text, this.memoryOf(model.profile, { id: model.model, sources: {} }).calibration(), this.counterOf(model));
  }

  /**
   * The model's token counter: its latest run's. A model not run yet has its run prepared once, in the background (no
   * request is sent; the counter is the platform's, none unless the catalogue says the server counts), and is
   * counted by the estimate meanwhile.
   */
  private counterOf(model: AskModelChatInformation): ServerTokenCounter | undefined {
    const key = counterKey(model);
    if (this.counters.has(key)) return this.counters.get(key);
    if (!this.countersAsked.has(key)) {
      this.countersAsked.add(key);
      this.options.runs.prepare({ surface: 'vscode-chat', profile: model.profile, model: model.model }).then(
        (run) => {
          if (run?.tokenCounter && !this.counters.has(key)) this.counters.set(key, run.tokenCounter);
        },
        () => undefined,
      );
    }
    return undefined;
  }

  /** A part of the caller's messages that is neither content nor a marker we know: left out, and said once. */
  private unknownPart(feature: string, part: string): void {
    if (this.unknownParts.has(part)) return;
    this.unknownParts.add(part);
    this.options.log.debug(`${feature}: ${part} in the caller's messages was left out of the request: Ask Model does not know what it means`);
  }

  /** The model's window and token calibration as every feature shares them (per profile and model). */
  private memoryOf(profile: string, info: ModelInfo): ContextMemory {
    return this.options.contextMemories.memoryFor(profile, info.id, () =>
      info.contextWindow === undefined ? undefined : { contextWindow: info.contextWindow, maxOutputTokens: info.maxOutputTokens },
    );
  }
}

/** An error as VS Code's language model callers expect it: a `LanguageModelError` with our message (the server's words in it). */
function languageModelError(error: unknown): vscode.LanguageModelError {
  const message = messageOf(error);
  switch (languageModelErrorCode(error)) {
    case 'NoPermissions':
      return vscode.LanguageModelError.NoPermissions(message);
    case 'Blocked':
      return vscode.LanguageModelError.Blocked(message);
    case 'NotFound':
      return vscode.LanguageModelError.NotFound(message);
    case undefined:
      return new vscode.LanguageModelError(message);
  }
}

/** An AbortSignal that follows a cancellation token; dispose it when the request ends. */
function abortSignalOf(token: vscode.CancellationToken): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  const listener = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => listener.dispose() };
}

function counterKey(model: AskModelChatInformation): string {
  return `${model.profile}\n${model.model}`;
}

/**
 * `LanguageModelDataPart` where the running VS Code has it (the API this extension is typed against, @types/vscode
 * 1.138, has it; probed as the thinking part is, so a host without it reports no usage rather than failing the
 * answer). Its constructor takes the bytes and the MIME type; the extension host passes on a part only when it is an
 * instance of its own class (read in code-server 4.139.1's extensionHostProcess.js).
 */
type DataPartClass = new (data: Uint8Array, mimeType: string) => vscode.LanguageModelDataPart;

function dataPartClass(): DataPartClass | undefined {
  const candidate = (vscode as unknown as { LanguageModelDataPart?: unknown }).LanguageModelDataPart;
  return typeof candidate === 'function' ? (candidate as DataPartClass) : undefined;
}

/** `LanguageModelThinkingPart` where the running VS Code has it (newer than the API this extension is typed against). */
type ThinkingPartClass = new (value: string | string[]) => { value: string | string[] };

function thinkingPartClass(): ThinkingPartClass | undefined {
  const candidate = (vscode as unknown as { LanguageModelThinkingPart?: unknown }).LanguageModelThinkingPart;
  return typeof candidate === 'function' ? (candidate as ThinkingPartClass) : undefined;
}

/** The messages with each earlier answer's thinking part marked for the core (by shape it is a text part). */
function withThinkingMarked(messages: readonly vscode.LanguageModelChatRequestMessage[], ThinkingPart: ThinkingPartClass | undefined): readonly LanguageModelMessageShape[] {
  if (!ThinkingPart) return messages;
  return messages.map((message) => ({
    role: message.role,
    name: message.name,
    content: message.content.map((part: unknown): unknown => {
      if (!(part instanceof ThinkingPart)) return part;
      const mark: ThinkingMark = { thinking: Array.isArray(part.value) ? part.value.join('') : part.value };
      return mark;
    }),
  }));
}
