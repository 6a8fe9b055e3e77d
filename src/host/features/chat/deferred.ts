// The chat's code loaded on first use (its own file in dist/, see esbuild.js), reached only through lazy.ts's
// `loadDeferred.chat()`.
export { AnswerChanges, ANSWER_CHANGE_SCHEME } from './answerChanges';
export { ChatController } from './chatController';
export { ChatViewProvider } from './chatViewProvider';
export { exportConversation, importConversation } from './conversationFiles';
export { ConversationStore } from './conversationStore';
export { createChatSession } from './hostSessionPorts';
export { ChatInput } from './mentions/chatInput';
