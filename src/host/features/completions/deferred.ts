// Inline completions' code loaded on first use (its own file in dist/, see esbuild.js), reached only through lazy.ts's
// `loadDeferred.completions()`: the provider's body on the first keystroke where completions are on, the menu, and the
// commands behind the switch.
export { InlineCompletions } from './inlineCompletions';
export { showCompletionsMenu } from './completionsMenu';
export { setCompletionsEnabled } from '../../platform/settings/settings';
export { selectModel } from '../../platform/catalogue/modelPicker';
