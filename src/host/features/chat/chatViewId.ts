// The chat view's id, as package.json contributes it: registerChat registers the view under it and the provider
// focuses it, so it lives apart from both.
export const CHAT_VIEW_ID = 'askModel.chat';
