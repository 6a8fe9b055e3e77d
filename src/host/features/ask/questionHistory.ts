// Recent questions, most recent first, kept in global state (questions only; never code or answers).
import type * as vscode from 'vscode';
import { pickOrType } from '../../platform/ui/pickOrType';

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

  /** Offers recent questions and takes a new one typed in; undefined when dismissed. */
  ask(placeholder: string): Promise<string | undefined> {
    return pickOrType({ title: 'Ask Model', placeholder, items: this.list().map((label) => ({ label, description: 'recent' })) });
  }
}
