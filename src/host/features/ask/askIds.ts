// What Ask Model's registrations (registerAsk.ts, at activation) and its implementation (loaded on first use) share.

/** The answer documents' URI scheme (answerDocuments.ts explains why answers are not untitled files). */
export const ANSWER_SCHEME = 'ask-model-answer';
/** The kept answers' key in the workspace state. It names the stored form's version: a later form gets its own key. */
export const KEPT_ANSWERS_KEY = 'askModel.answers.v1';
