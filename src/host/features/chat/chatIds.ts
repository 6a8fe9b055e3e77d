// What the chat's registrations (registerChat.ts, at activation) and its implementation (loaded on first use) share.

/** The chat view's id, as package.json contributes it: registerChat registers the view under it, the provider focuses it. */
export const CHAT_VIEW_ID = 'askModel.chat';
