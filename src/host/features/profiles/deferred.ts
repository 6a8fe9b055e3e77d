// Profiles' and the connection's code loaded on first use (its own file in dist/, see esbuild.js), reached only
// through lazy.ts's `loadDeferred.profiles()`.
export { profileCommands } from './profiles';
export { offerLocalServer } from './firstRun';
