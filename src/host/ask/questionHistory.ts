// Recent questions, most recent first, kept in global state (questions only; never code or answers).
import * as vscode from 'vscode';

const KEY = 'askModel.recentQuestions';
const MAX = 20;

export class QuestionHistory {
  constructor(private readonly state: vscode.Memento) {}

  list(): string[] {
    return this.state.get<string[]>(KEY, []);
  }

  async remember(question: string): Promise<void> {
    const trimmed = question.trim();
    const rest = this.list().filter((q) => q !== trimmed);
    await this.state.update(KEY, [trimmed, ...rest].slice(0, MAX));
  }

  /** A quick pick that offers recent questions and takes a new one typed in; undefined when dismissed. */
  async ask(placeholder: string): Promise<string | undefined> {
    const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
    pick.title = 'Ask Model';
    pick.placeholder = placeholder;
    pick.ignoreFocusOut = true;
    pick.matchOnDescription = false;
    const recent = this.list().map((label) => ({ label, description: 'recent' }));
    const refresh = (): void => {
      const typed = pick.value.trim();
      pick.items = typed === '' ? recent : [{ label: typed, alwaysShow: true }, ...recent.filter((item) => item.label !== typed)];
    };
    refresh();
    pick.onDidChangeValue(refresh);
    const question = await new Promise<string | undefined>((resolve) => {
      pick.onDidAccept(() => resolve(pick.selectedItems[0]?.label ?? (pick.value.trim() || undefined)));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    pick.dispose();
    return question?.trim() || undefined;
  }
}
