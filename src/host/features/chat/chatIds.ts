// What the chat's registrations (registerChat.ts, at activation) and its implementation (chat.ts, loaded on first use)
// share.

/** The chat view's id, as package.json contributes it: registerChat registers the view under it, the provider focuses it. */
export const CHAT_VIEW_ID = 'askModel.chat';

/**
 * The chat's commands, registered at activation; chat.ts implements each (a command listed here and not implemented
 * does not compile). The answer's buttons in the view are commands too, so keyboard users and scripts reach them.
 */
export const CHAT_COMMANDS = [
  'askModel.openChat',
  'askModel.newChat',
  'askModel.compactChat',
  'askModel.exportChat',
  'askModel.importChat',
  'askModel.chat.revertAnswerEdits',
  'askModel.chat.viewAnswerChanges',
  'askModel.chat.addSelection',
  'askModel.chat.restoreToHere',
  'askModel.chat.redoRestore',
] as const;

export type ChatCommand = (typeof CHAT_COMMANDS)[number];
