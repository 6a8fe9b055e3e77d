// Profiles a team shares: `askModel.profiles` in a workspace's settings (.vscode/settings.json, committed with the
// code) adds to the user's own profiles instead of replacing them, as VS Code's own layering of an array setting
// would. What the repository says is shared with everyone who clones it, so a shared profile never carries a key: one
// that does (a key-like field, an Authorization or key header, a key in its extra body) is refused with the reason,
// and each user keeps their own key for it in SecretStorage. The user's own profile of the same name wins, so a
// repository cannot take over the name (and the key) of a profile the user made. The sentences that say so are in
// sharedProfileRefusals.ts: this module runs at start-up too (core/eager), where only the decision is needed.

/** `askModel.profiles` as each settings layer states it (undefined where that layer does not set it). */
export interface ProfileLayers {
  user: unknown;
  workspace: unknown;
  workspaceFolder: unknown;
}

export type SharedLayer = 'workspace' | 'workspaceFolder';

/** A shared profile that is not used: the user has one of its name, or it carries a key (where: `carried`). */
export interface RefusedProfile {
  name: string;
  layer: SharedLayer;
  /** Where it carries a key (keyCarriedBy's phrase); undefined when the user's own profile of its name wins. */
  carried?: string | undefined;
}

export interface LayeredProfiles {
  /** The entries to read, the user's first, then the shared ones the user has no profile of that name for. */
  entries: unknown[];
  /** The names (lower case) of the entries that came from a workspace's settings. */
  shared: ReadonlySet<string>;
  refused: RefusedProfile[];
}

/**
 * One list from the layers. Entries that are not objects with a name pass through unchanged (readProfileEntries
 * reports them); a non-list layer passes through too, so its error names it as before.
 */
export function layerProfiles(layers: ProfileLayers): LayeredProfiles {
  const user = asList(layers.user);
  if (user === undefined) return { entries: layers.user as unknown[], shared: new Set(), refused: [] };
  const entries: unknown[] = [...user];
  const taken = new Set(user.map(nameOf).filter((name): name is string => name !== undefined).map((name) => name.toLowerCase()));
  const shared = new Set<string>();
  const refused: RefusedProfile[] = [];
  // The folder's settings are the nearer ones: a name there wins over the workspace's.
  for (const layer of ['workspaceFolder', 'workspace'] as const) {
    const list = asList(layers[layer]);
    if (list === undefined) {
      if (layers[layer] !== undefined) entries.push(layers[layer]);
      continue;
    }
    for (const entry of list) {
      const name = nameOf(entry);
      if (name === undefined) {
        entries.push(entry);
        continue;
      }
      const key = name.toLowerCase();
      if (taken.has(key)) {
        if (!shared.has(key)) refused.push({ name, layer });
        continue;
      }
      const carried = keyCarriedBy(entry);
      if (carried !== undefined) {
        refused.push({ name, layer, carried });
        taken.add(key);
        continue;
      }
      taken.add(key);
      shared.add(key);
      entries.push(entry);
    }
  }
  return { entries, shared, refused };
}

// A name that ends in key, token, secret, password or credential (apiKey, api_key, X-Auth-Token; not maxTokens, a
// count), or a header that carries credentials by name.
const KEY_NAME = /(key|token|secret|password|passwd|credential)$|^authorization$|^proxy-authorization$|^cookie$/i;

/**
 * Where a profile entry carries a key, as a phrase ("the field apiKey", "the header Authorization", "the extraBody
 * field api_key", "modelOverrides.gpt-4o: the header api-key"), or undefined. The places a key could be sent from are
 * looked at: the entry's own fields, its headers, its extra body's top level, and the same in each model's override.
 */
export function keyCarriedBy(entry: unknown): string | undefined {
  if (!isRecord(entry)) return undefined;
  const field = Object.keys(entry).find((name) => KEY_NAME.test(name) && entry[name] !== undefined && entry[name] !== '');
  if (field !== undefined) return `the field ${field}`;
  const sent = keyInRequestFields(entry);
  if (sent !== undefined) return sent;
  if (isRecord(entry.modelOverrides)) {
    for (const [model, override] of Object.entries(entry.modelOverrides)) {
      const inOverride = isRecord(override) ? keyInRequestFields(override) : undefined;
      if (inOverride !== undefined) return `modelOverrides.${model}: ${inOverride}`;
    }
  }
  return undefined;
}

/** A key in the headers or the extra body top level of a profile or a model override. */
export function keyInRequestFields(fields: Record<string, unknown>): string | undefined {
  if (isRecord(fields.headers)) {
    const header = headersCarryingKey(fields.headers);
    if (header !== undefined) return `the header ${header}`;
  }
  if (isRecord(fields.extraBody)) {
    const field = Object.keys(fields.extraBody).find((name) => KEY_NAME.test(name));
    if (field !== undefined) return `the extraBody field ${field}`;
  }
  return undefined;
}

/** The first header whose name says it carries a key or whose value is a bearer credential. */
export function headersCarryingKey(headers: Record<string, unknown>): string | undefined {
  return Object.keys(headers).find((name) => KEY_NAME.test(name) || (typeof headers[name] === 'string' && /^\s*(bearer|basic)\s+\S/i.test(headers[name])));
}

function asList(value: unknown): unknown[] | undefined {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : undefined;
}

function nameOf(entry: unknown): string | undefined {
  return isRecord(entry) && typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name.trim() : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
