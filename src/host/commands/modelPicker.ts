// Choosing the model: a quick pick of the server's models (GET /v1/models) that also takes a typed name, or an input
// box where the server has no model list. The choice is saved to `askModel.model`.
import * as vscode from 'vscode';
import type { ClientFactory } from '../clientFactory';
import { pickOrType } from '../pickOrType';
import { updateModelSetting } from '../settings';
import { showError } from '../showError';

export interface SelectModelArgs {
  /** Set the model directly (automation and tests). */
  model?: string;
}

export async function selectModel(factory: ClientFactory, args?: SelectModelArgs): Promise<string | undefined> {
  if (typeof args?.model === 'string' && args.model.trim() !== '') {
    await updateModelSetting(args.model.trim());
    return args.model.trim();
  }
  let models: string[] | undefined;
  let current = '';
  try {
    const ready = await factory.create();
    current = ready.settings.model;
    models = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Ask Model: loading models…' },
      () => ready.client.listModels({ signal: AbortSignal.timeout(15_000) }),
    );
  } catch (error) {
    void showError(error);
    models = undefined;
  }
  const chosen = models && models.length > 0 ? await pickFrom(models, current) : await typeName(current);
  if (!chosen) return undefined;
  await updateModelSetting(chosen);
  return chosen;
}

function pickFrom(models: string[], current: string): Promise<string | undefined> {
  return pickOrType({
    title: 'Ask Model: Select Model',
    placeholder: 'Pick a model of this server, or type any model name',
    items: models.map((id) => ({ label: id, description: id === current ? 'current' : undefined })),
    typedDescription: 'use this name',
  });
}

function typeName(current: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Ask Model: Select Model',
    prompt: 'This server does not list its models. Type the model name it expects.',
    value: current,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Enter a model name.' : undefined),
  });
}
