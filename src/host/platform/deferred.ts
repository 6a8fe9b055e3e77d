// The platform's code loaded on first use (its own file in dist/, see esbuild.js), reached only through lazy.ts's
// `loadDeferred.platform()`: the session's services.
export { createPlatform } from './platformServices';
