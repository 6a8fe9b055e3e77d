// Everything activation defers, in one module that esbuild bundles as its own file (dist/deferred.js): the first
// command, view or request that needs any of it require()s that file, so loading dist/extension.js compiles only the
// wiring. Reached only through lazy.ts's `loadDeferred()`, never a static import.
export { askModel } from './features/ask/askCommand';
export { QuestionHistory } from './features/ask/questionHistory';
export { AnswerDocuments, saveAnswer } from './features/ask/answerDocuments';
export { editSelection } from './features/editSelection/editSelectionCommand';
export { setApiKey, clearApiKey } from './features/profiles/keyCommands';
export { selectModel } from './platform/catalogue/modelPicker';
export { testConnection } from './features/profiles/testConnection';
export { addProfile, selectProfile } from './features/profiles/profileCommands';
export { findLocalServersCommand } from './features/profiles/findLocalServersCommand';
export { addProfileArgsFor, findServersOnThisMachine } from './features/profiles/profileSources';
export { ChatController } from './features/chat/chatController';
export { ChatInput } from './features/chat/mentions/chatInput';
export { ChatViewProvider } from './features/chat/chatViewProvider';
export { AnswerChanges, ANSWER_CHANGE_SCHEME } from './features/chat/answerChanges';
export { exportConversation, importConversation } from './features/chat/conversationFiles';
export { ConversationStore } from './features/chat/conversationStore';
export { createChatSession } from './features/chat/hostSessionPorts';
export { ReadTracker } from './features/tools/readTracker';
export { ProposedEditDocuments } from './features/tools/proposedEdits';
export { PendingApprovals } from './features/tools/pendingApprovals';
export { HostToolRunner } from './features/tools/toolRunner';
export { ApiKeyStore } from './platform/clients/apiKeyStore';
export { ClientFactory } from './platform/clients/clientFactory';
export { SpendLedger } from './platform/spend/spendLedger';
export { ContextMemories } from './platform/context/contextMemories';
export { AskModelLanguageModels } from './features/languageModels/askModelLanguageModels';
export { manageModels } from './platform/vscodeChat/hiddenModelsNotice';
export { InlineCompletions } from './features/completions/inlineCompletions';
export { setCompletionsEnabled } from './platform/settings/settings';
export { showCompletionsMenu } from './features/completions/completionsMenu';
export { writeCommitMessageCommand } from './features/commit/commitMessageCommand';
