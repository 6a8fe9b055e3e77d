// Everything activation defers, in one module that esbuild bundles as its own file (dist/deferred.js): the first
// command, view or request that needs any of it require()s that file, so loading dist/extension.js compiles only the
// wiring. Reached only through lazy.ts's `loadDeferred()`, never a static import.
export { askModel } from './commands/askCommand';
export { QuestionHistory } from './ask/questionHistory';
export { AnswerDocuments, saveAnswer } from './ask/answerDocuments';
export { editSelection } from './commands/editSelectionCommand';
export { setApiKey, clearApiKey } from './commands/keyCommands';
export { selectModel } from './modelPicker';
export { testConnection } from './commands/testConnection';
export { addProfile, selectProfile } from './commands/profileCommands';
export { findLocalServersCommand } from './commands/findLocalServersCommand';
export { addProfileArgsFor, findServersOnThisMachine } from './commands/profileSources';
export { ChatController } from './chat/chatController';
export { ChatInput } from './chat/mentions/chatInput';
export { ChatViewProvider } from './chat/chatViewProvider';
export { AnswerChanges, ANSWER_CHANGE_SCHEME } from './chat/answerChanges';
export { exportConversation, importConversation } from './chat/conversationFiles';
export { ConversationStore } from './chat/conversationStore';
export { createChatSession } from './chat/hostSessionPorts';
export { ReadTracker } from './tools/readTracker';
export { ProposedEditDocuments } from './tools/proposedEdits';
export { PendingApprovals } from './tools/pendingApprovals';
export { HostToolRunner } from './tools/toolRunner';
export { ApiKeyStore } from './apiKeyStore';
export { ClientFactory } from './clientFactory';
export { SpendLedger } from './spendLedger';
export { ContextMemories } from './contextMemories';
export { AskModelLanguageModels } from './languageModels/askModelLanguageModels';
export { manageModels } from './languageModels/hiddenModelsNotice';
export { InlineCompletions } from './completions/inlineCompletions';
export { setCompletionsEnabled } from './settings';
export { showCompletionsMenu } from './completions/completionsMenu';
export { writeCommitMessageCommand } from './commit/commitMessageCommand';
