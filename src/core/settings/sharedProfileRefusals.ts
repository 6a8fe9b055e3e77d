// What a person is told when a workspace's settings try to share a key: the sentences for a refused shared profile
// (sharedProfiles.ts decides), and the check of the Default profile's `askModel.headers` and `askModel.extraBody`
// from a workspace's settings, which VS Code merges into the user's.
import { keyInRequestFields, type ProfileLayers, type RefusedProfile, type SharedLayer } from './sharedProfiles';

const LAYER_LABEL: Record<SharedLayer, string> = { workspace: "the workspace's settings", workspaceFolder: "the folder's settings" };

/** A sentence for the user: what was refused and what to do instead. */
export function refusalReason({ name, layer, carried }: RefusedProfile): string {
  if (carried === undefined) return `The profile "${name}" in ${LAYER_LABEL[layer]} is not used: you have a profile of that name in your user settings, which wins.`;
  return `The profile "${name}" in ${LAYER_LABEL[layer]} is refused: it carries a key (${carried}). A workspace's settings are shared with everyone who has the repository; remove the key there and set it per user with "Ask Model: Set API Key" while the profile is active.`;
}

/**
 * The reason to refuse a workspace's `askModel.headers` or `askModel.extraBody` (the Default profile's, which VS Code
 * merges into the user's), or undefined when neither shared layer carries a key there.
 */
export function refusedSharedField(field: 'headers' | 'extraBody', layers: Omit<ProfileLayers, 'user'>): string | undefined {
  for (const layer of ['workspaceFolder', 'workspace'] as const) {
    const carried = keyInRequestFields({ [field]: layers[layer] });
    if (carried !== undefined) {
      return `askModel.${field} in ${LAYER_LABEL[layer]} is not used: it carries a key (${carried}). A workspace's settings are shared with everyone who has the repository; keep the key per user with "Ask Model: Set API Key".`;
    }
  }
  return undefined;
}
