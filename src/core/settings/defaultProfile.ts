// The Default profile: the top-level `askModel.*` settings, named so wherever a profile is named. Apart from the
// profile readers (serverProfiles.ts, which need zod) so that the switch read at start-up can name it too.

export const DEFAULT_PROFILE_NAME = 'Default';

/** Whether `name` names the Default profile (case-blind). */
export function isDefaultProfile(name: string): boolean {
  return name.toLowerCase() === DEFAULT_PROFILE_NAME.toLowerCase();
}
