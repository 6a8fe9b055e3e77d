// The chat's code loaded on first use (its own file in dist/, see esbuild.js), reached only through lazy.ts's
// `loadDeferred.chat()`.
export { buildChat } from './chat';
