// The chat's two modes. Act: the model may use every tool the settings offer. Plan: it may only read (the workspace
// tools of kind `read`; none of VS Code's, which say nothing we can trust about whether they change anything), and
// askModel.chat.planPrompt asks it for a plan as a checklist, for the user to act on.
export const CHAT_MODES = ['act', 'plan'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
