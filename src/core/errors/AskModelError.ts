// The root of every error the core raises. Each carries a message a person can act on and the actions that fix it,
// so the host can turn them into buttons without parsing text. Messages say what to do in the problem's words (store a
// key, choose a model, a setting's id), never a command's title: each surface (a notification, the chat's error card,
// VS Code's own chat) offers the fix its own way, from the actions.

/** What the host can offer next to an error message. */
export type ErrorAction = 'set-api-key' | 'open-settings' | 'retry' | 'select-model' | 'show-log';

export abstract class AskModelError extends Error {
  /** A stable, machine-readable name for the kind of failure (tests and the host switch on it). */
  abstract readonly kind: string;
  readonly actions: readonly ErrorAction[];

  protected constructor(message: string, actions: readonly ErrorAction[]) {
    super(message);
    this.name = new.target.name;
    this.actions = actions;
  }
}

/** A setting holds a value the request cannot be built from; `setting` is its full id, e.g. `askModel.model`. */
export class SettingsError extends AskModelError {
  readonly kind = 'settings';
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Setting ${setting}: ${problem}`, ['open-settings']);
  }
}

/** The request the extension itself built is not valid (a bug, not a setting): says which field. */
export class InvalidRequestError extends AskModelError {
  readonly kind = 'invalid-request';
  constructor(problem: string) {
    super(`Ask Model built an invalid request: ${problem}. Please report this with the log.`, ['show-log']);
  }
}

/** The user (or the caller) aborted the request. Streams end quietly on it; it surfaces only from one-shot calls. */
export class AbortedError extends AskModelError {
  readonly kind = 'aborted';
  constructor() {
    super('The request was stopped.', []);
  }
}

/** No model is configured and none was chosen. */
export class NoModelError extends AskModelError {
  readonly kind = 'no-model';
  constructor() {
    super('No model is selected: choose one (or set askModel.model).', ['select-model', 'open-settings']);
  }
}

/**
 * Even with the earlier turns summarised, what must go whole (the system prompt, the latest message and the tool round
 * after it) is longer than the room the model's window leaves.
 */
export class ConversationTooLargeError extends AskModelError {
  readonly kind = 'conversation-too-large';
  constructor(
    readonly protectedTokens: number,
    readonly budgetTokens: number,
  ) {
    super(
      `The latest message and what must go with it (about ${protectedTokens} tokens) do not fit the room the model's context window leaves (${budgetTokens} tokens), even with earlier messages summarised. Shorten the message or what it attaches, start a new chat, or choose a model with a larger context window.`,
      ['select-model', 'open-settings'],
    );
  }
}
