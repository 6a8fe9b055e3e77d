// Ask Model's code loaded on first use (its own file in dist/, see esbuild.js), reached only through lazy.ts's
// `loadDeferred.ask()`.
export { askModel } from './askCommand';
export { AnswerDocuments, saveAnswer } from './answerDocuments';
export { QuestionHistory } from './questionHistory';
