// What stops a commit message before any request: nothing to describe, or no git repository to read it from. Each
// says what the user can do; none has a button (the fix is in Source Control, not in a setting).
import { AskModelError } from '../errors/AskModelError';

/** Neither the index nor the working tree differs from HEAD. */
export class NoChangesError extends AskModelError {
  readonly kind = 'no-changes';
  constructor() {
    super('There are no changes to write a commit message for: change a file or stage a change first.', []);
  }
}

/** VS Code's git extension is off or has no repository open here; `why` says which. */
export class NoRepositoryError extends AskModelError {
  readonly kind = 'no-repository';
  constructor(why: string) {
    super(`A commit message needs a git repository: ${why}`, []);
  }
}

/** The model answered, but with nothing a commit message can be made of. */
export class EmptyCommitMessageError extends AskModelError {
  readonly kind = 'empty-commit-message';
  constructor(model: string) {
    super(`The model ${model} answered with no commit message. Try again, or choose another model in askModel.commitModel.`, ['retry', 'open-settings']);
  }
}
