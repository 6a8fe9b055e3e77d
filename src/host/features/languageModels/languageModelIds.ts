// What the language model provider's registration (registerLanguageModels.ts) and package.json share.

/** The vendor other extensions select our models by; package.json's `languageModelChatProviders` names it too. */
export const LANGUAGE_MODEL_VENDOR = 'ask-model';
export const MANAGE_MODELS_COMMAND = 'askModel.manageModels';
