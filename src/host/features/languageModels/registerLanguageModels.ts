// Our models in VS Code's language model API (its model picker, and `vscode.lm.selectChatModels({ vendor: 'ask-model' })`
// for any extension): the provider is registered at activation, and what it runs (the catalogue, the client, the
// mapping of VS Code's messages) loads on its first call, from deferred.ts. The list changes with the settings that
// name servers and models and when a server is asked again (Refresh, Test Connection), and Manage Models opens the
// profile settings, first saying (hiddenModelsNotice.ts, deferred) when VS Code's own settings keep our models out of
// its chat.
import * as vscode from 'vscode';
import type { AskModelChatInformation } from '../../../core';
import { loadDeferred } from '../../lazy';
import { lazy, type Lazy } from '../../platform/lazyValue';
import type { Log } from '../../platform/log/log';
import type { ModelCatalogues } from '../../platform/catalogue/modelCatalogues';
import type { ClientFactory } from '../../platform/clients/clientFactory';
import type { ContextMemories } from '../../platform/context/contextMemories';
import type { Runs } from '../../platform/run/runs';
import type { AskModelLanguageModels } from './askModelLanguageModels';
import { LANGUAGE_MODEL_VENDOR, MANAGE_MODELS_COMMAND } from './languageModelIds';

/** Settings that change which models are offered or what is known of them. */
const MODEL_LIST_SETTINGS = ['askModel.profiles', 'askModel.activeProfile', 'askModel.baseUrl', 'askModel.model', 'askModel.modelOverrides', 'askModel.headers'];

export interface LanguageModelDeps {
  runs: Lazy<Runs>;
  clients: Lazy<ClientFactory>;
  catalogues: Lazy<ModelCatalogues>;
  contextMemories: Lazy<ContextMemories>;
  log: Log;
}

export function registerLanguageModels(context: vscode.ExtensionContext, deps: LanguageModelDeps): void {
  const changed = new vscode.EventEmitter<void>();
  const models: Lazy<AskModelLanguageModels> = lazy(async () => {
    const [{ AskModelLanguageModels }, runs, clients, catalogues, contextMemories] = await Promise.all([loadDeferred.languageModels(), deps.runs(), deps.clients(), deps.catalogues(), deps.contextMemories()]);
    const loaded = new AskModelLanguageModels({ runs, clients, catalogues, contextMemories, log: deps.log, listChanged: () => changed.fire() });
    context.subscriptions.push(loaded);
    return loaded;
  });
  const provider: vscode.LanguageModelChatProvider<AskModelChatInformation> = {
    onDidChangeLanguageModelChatInformation: changed.event,
    provideLanguageModelChatInformation: async (options, token) => (await models()).information(options, token),
    provideLanguageModelChatResponse: async (model, messages, options, progress, token) => (await models()).respond(model, messages, options, progress, token),
    provideTokenCount: async (model, text, token) => (await models()).countTokens(model, text, token),
  };
  context.subscriptions.push(
    changed,
    vscode.lm.registerLanguageModelChatProvider(LANGUAGE_MODEL_VENDOR, provider),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (MODEL_LIST_SETTINGS.some((setting) => event.affectsConfiguration(setting))) changed.fire();
    }),
    vscode.commands.registerCommand(MANAGE_MODELS_COMMAND, async () => (await loadDeferred.languageModels()).manageModels(deps.log)),
  );
  // VS Code asks a provider for its models only when the provider says its list changed, when an extension selects
  // models of its vendor, or when "Manage Language Models" opens; registering is not enough. Without this, its Chat
  // view's picker listed none of ours until the user opened that editor (measured in the side-by-side bench). Said
  // once, after activation, so the catalogue's loading stays off the activation path.
  setTimeout(() => changed.fire(), 0);
}
