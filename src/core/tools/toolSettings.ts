// The askModel.tools.* settings, read like every other setting: a bad value becomes a SettingsError naming it.
// Their package.json contributions (with these defaults) belong with the host change that registers the tools.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import type { SettingGetter } from '../settings/extensionSettings';
import { DEFAULT_DENY_GLOBS } from './denyGlobs';
import type { ToolKind } from './workspaceTools';

export interface ToolSettings {
  /** askModel.tools.enabled: requests carry the tools, with tool_choice "auto". */
  enabled: boolean;
  /** askModel.tools.maxRounds: the most rounds of tool calls one answer may run. */
  maxRounds: number;
  /** askModel.tools.askBeforeReading: ask before read-only tools too. */
  askBeforeReading: boolean;
  /** askModel.tools.autoApprove: edit tools that run without asking. */
  autoApprove: string[];
  /** askModel.tools.denyGlobs: files no tool reads, lists, searches or writes. */
  denyGlobs: string[];
}

export const DEFAULT_MAX_TOOL_ROUNDS = 10;

export const DEFAULT_TOOL_SETTINGS: { readonly [Key in keyof ToolSettings]: ToolSettings[Key] extends string[] ? readonly string[] : ToolSettings[Key] } = {
  enabled: true,
  maxRounds: DEFAULT_MAX_TOOL_ROUNDS,
  askBeforeReading: false,
  autoApprove: [],
  denyGlobs: DEFAULT_DENY_GLOBS,
};

type Fields = { [Key in keyof ToolSettings]: { key: string; schema: z.ZodMiniType<ToolSettings[Key]>; problem: string } };

// Built on first read, like the tool schemas: a bundle that never reads these settings can drop the table.
function buildFields(): Fields {
  return {
    enabled: { key: 'tools.enabled', schema: z.boolean(), problem: 'must be true or false.' },
    maxRounds: { key: 'tools.maxRounds', schema: z.int().check(z.minimum(1), z.maximum(100)), problem: 'must be a whole number from 1 to 100.' },
    askBeforeReading: { key: 'tools.askBeforeReading', schema: z.boolean(), problem: 'must be true or false.' },
    autoApprove: { key: 'tools.autoApprove', schema: z.array(z.string()), problem: 'must be a list of tool names, e.g. ["replace_in_file"].' },
    denyGlobs: { key: 'tools.denyGlobs', schema: z.array(z.string()), problem: 'must be a list of globs, e.g. ["**/.env*"].' },
  };
}

let fields: Fields | undefined;

export function readToolSettings(get: SettingGetter): ToolSettings {
  const read = <Key extends keyof ToolSettings>(name: Key): ToolSettings[Key] => {
    fields ??= buildFields();
    const { key, schema, problem } = fields[name];
    const value = get(key);
    // A copy of a default list, so that a caller changing its settings object cannot change the defaults.
    if (value === undefined || value === null) return structuredClone(DEFAULT_TOOL_SETTINGS[name]) as ToolSettings[Key];
    const parsed = z.safeParse(schema, value);
    if (!parsed.success) throw new SettingsError(`askModel.${key}`, problem);
    return parsed.data;
  };
  return {
    enabled: read('enabled'),
    maxRounds: read('maxRounds'),
    askBeforeReading: read('askBeforeReading'),
    autoApprove: read('autoApprove'),
    denyGlobs: read('denyGlobs'),
  };
}

/** Read-only tools run without asking unless askBeforeReading; edits ask unless listed in autoApprove. */
export function needsApproval(call: { name: string; kind: ToolKind }, settings: Pick<ToolSettings, 'askBeforeReading' | 'autoApprove'>): boolean {
  if (call.kind === 'read') return settings.askBeforeReading;
  return !settings.autoApprove.includes(call.name);
}

/** The tool loop's approval rule for these settings: which calls wait for the user (reads before running, edits at their preview). */
export function approvalRule(settings: Pick<ToolSettings, 'askBeforeReading' | 'autoApprove'>): (call: { name: string; kind: ToolKind }) => boolean {
  return (call) => needsApproval(call, settings);
}
