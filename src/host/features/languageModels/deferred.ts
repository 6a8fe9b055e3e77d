// The language model provider's code loaded on first use (its own file in dist/, see esbuild.js), reached only
// through lazy.ts's `loadDeferred.languageModels()`.
export { AskModelLanguageModels } from './askModelLanguageModels';
export { manageModels } from '../../platform/vscodeChat/hiddenModelsNotice';
