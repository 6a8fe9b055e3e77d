// A quick pick that offers known values and also takes whatever is typed: recent questions, the server's models.
import * as vscode from 'vscode';

export interface PickOrTypeOptions {
  title: string;
  placeholder: string;
  /** The values offered, with an optional note each (e.g. "recent", "current"). */
  items: readonly vscode.QuickPickItem[];
  /** The note on the typed value's own item, e.g. "use this name". */
  typedDescription?: string;
}

/** Resolves with the picked or typed value (trimmed), or undefined when dismissed. */
export async function pickOrType(options: PickOrTypeOptions): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  pick.title = options.title;
  pick.placeholder = options.placeholder;
  pick.ignoreFocusOut = true;
  const refresh = (): void => {
    const typed = pick.value.trim();
    const known = options.items.some((item) => item.label === typed);
    pick.items =
      typed === '' || known
        ? options.items
        : [{ label: typed, description: options.typedDescription, alwaysShow: true }, ...options.items];
  };
  refresh();
  pick.onDidChangeValue(refresh);
  const chosen = await new Promise<string | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0]?.label ?? (pick.value.trim() || undefined)));
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  pick.dispose();
  return chosen?.trim() || undefined;
}
