// Choosing the model: a quick pick of the server's models (GET /v1/models, with what the richer endpoints said of each
// as its detail line: context window, output limit, price, what it supports) that also takes a typed name, or an
// input box where the server has no model list. A model its server says cannot chat (an embedding model) is not
// offered for the chat, nor for completions unless it completes text; it can still be typed. The choice is saved to `askModel.model` (or the active profile).
// "Refresh" asks the server again; otherwise the session's catalogue is reused.
import * as vscode from 'vscode';
import { formatModelDetail, offeredForChat, offeredForCompletions, type ModelInfo } from '../../../core';
import type { ClientFactory } from '../clients/clientFactory';
import type { ModelCatalogues } from './modelCatalogues';
import { pickOrType } from '../ui/pickOrType';
import { updateModelSetting } from '../settings/settings';
import { showError } from '../ui/showError';

export interface SelectModelArgs {
  /** Set the model directly (automation and tests). */
  model?: string;
  /** Choose the model for inline completions (the profile's `completionModel`) instead of the chat's. */
  forCompletions?: boolean;
}

/** The picker's last item: ask the server again. Its label cannot be a model id (ids have no spaces before `$(`). */
export const REFRESH_LABEL = '$(refresh) Refresh';

/** What the picker asks: a client for the active profile, and its server's catalogue. */
export interface ModelPickerDeps {
  clients: ClientFactory;
  catalogues: ModelCatalogues;
}

export async function selectModel(deps: ModelPickerDeps, args?: SelectModelArgs): Promise<string | undefined> {
  const setting = args?.forCompletions === true ? 'completionModel' : 'model';
  if (typeof args?.model === 'string' && args.model.trim() !== '') {
    await updateModelSetting(args.model.trim(), setting);
    return args.model.trim();
  }
  let refresh = false;
  for (;;) {
    let models: ModelInfo[] | undefined;
    let current = '';
    try {
      const ready = await deps.clients.create();
      current = setting === 'completionModel' ? ready.settings.completionModel : ready.settings.model;
      const loaded = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Ask Model: loading models…' }, () =>
        deps.catalogues.load(ready, { refresh, signal: AbortSignal.timeout(20_000) }),
      );
      models = loaded.discovered.listedIds === undefined ? undefined : loaded.models;
    } catch (error) {
      void showError(error);
      models = undefined;
    }
    const title = setting === 'completionModel' ? 'Ask Model: Select Completion Model' : 'Ask Model: Select Model';
    // Only the models that can do the job: the chat's, or (for completions) also those that only complete text.
    const offered = models?.filter(setting === 'completionModel' ? offeredForCompletions : offeredForChat);
    const chosen = models && models.length > 0 ? await pickFrom(offered ?? [], current, title) : await typeName(current, title);
    if (chosen === REFRESH_LABEL) {
      refresh = true;
      continue;
    }
    if (!chosen) return undefined;
    await updateModelSetting(chosen, setting);
    return chosen;
  }
}

function pickFrom(models: readonly ModelInfo[], current: string, title: string): Promise<string | undefined> {
  const sorted = [...models].sort((a, b) => a.id.localeCompare(b.id));
  return pickOrType({
    title,
    placeholder: 'Pick a model of this server, or type any model name',
    items: [
      ...sorted.map((model) => {
        const detail = formatModelDetail(model);
        return { label: model.id, description: model.id === current ? 'current' : undefined, ...(detail === '' ? {} : { detail }) };
      }),
      { label: REFRESH_LABEL, description: 'ask the server again for its models and their limits', alwaysShow: true },
    ],
    typedDescription: 'use this name',
  });
}

function typeName(current: string, title: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: 'This server does not list its models. Type the model name it expects.',
    value: current,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Enter a model name.' : undefined),
  });
}
