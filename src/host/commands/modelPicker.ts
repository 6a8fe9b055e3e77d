// Choosing the model: a quick pick of the server's models (GET /v1/models) that also takes a typed name, or an input
// box where the server has no model list. The choice is saved to `askModel.model`.
import * as vscode from 'vscode';
import type { ClientFactory } from '../clientFactory';
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

async function pickFrom(models: string[], current: string): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  pick.title = 'Ask Model: Select Model';
  pick.placeholder = 'Pick a model of this server, or type any model name';
  const listed = models.map((id) => ({ label: id, description: id === current ? 'current' : undefined }));
  const refresh = (): void => {
    const typed = pick.value.trim();
    const exact = models.includes(typed);
    pick.items = typed === '' || exact ? listed : [{ label: typed, description: 'use this name', alwaysShow: true }, ...listed];
  };
  refresh();
  pick.onDidChangeValue(refresh);
  const chosen = await new Promise<string | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0]?.label ?? (pick.value.trim() || undefined)));
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  pick.dispose();
  return chosen;
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
