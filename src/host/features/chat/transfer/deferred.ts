// Export and Import of a conversation (conversationFiles.ts), loaded on the first one rather than with the chat: a
// chat that never exports never loads the Markdown and JSON writers. Reached through lazy.ts's
// `loadDeferred.chatTransfer()`, which registerChat.ts hands to the chat.
export { exportConversation, importConversation, type ExportRequest, type ImportResult } from './conversationFiles';
