// What the tools' registrations (registerTools.ts, at activation) and their implementation (loaded on first use) share.

/** The virtual documents holding proposed text (proposedEdits.ts), registered at once so that it always answers. */
export const PROPOSED_SCHEME = 'askmodel-proposed';
