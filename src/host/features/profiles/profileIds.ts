// What the profiles' registrations (registerProfiles.ts, at activation) and their implementation (profiles.ts, loaded
// on first use) share.

/**
 * The commands about profiles and the connection, registered at activation; profiles.ts implements each (a command
 * listed here and not implemented does not compile). Show Log and Stop need nothing loaded and stay in the wiring.
 */
export const PROFILE_COMMANDS = [
  'askModel.setApiKey',
  'askModel.clearApiKey',
  'askModel.selectProfile',
  'askModel.addProfile',
  'askModel.findLocalServers',
  'askModel.selectModel',
  'askModel.testConnection',
] as const;

export type ProfileCommand = (typeof PROFILE_COMMANDS)[number];

/** Global state: the first run looked for a model server on this machine (it never looks again by itself). */
export const FIRST_RUN_LOOKED_KEY = 'askModel.firstRunLookedForLocalServers';
/** Late enough not to compete with the window's own start-up. */
export const FIRST_RUN_DELAY_MS = 4000;
