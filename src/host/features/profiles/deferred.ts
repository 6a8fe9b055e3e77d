// Profiles' and the connection's code loaded on first use (its own file in dist/, see esbuild.js), reached only
// through lazy.ts's `loadDeferred.profiles()`.
export { setApiKey, clearApiKey } from './keyCommands';
export { selectModel } from '../../platform/catalogue/modelPicker';
export { testConnection } from './testConnection';
export { addProfile, selectProfile } from './profileCommands';
export { findLocalServersCommand } from './findLocalServersCommand';
export { addProfileArgsFor, findServersOnThisMachine } from './profileSources';
