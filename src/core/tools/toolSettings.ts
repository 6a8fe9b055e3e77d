// The askModel.tools.* and askModel.vscodeTools.* settings, read like every other setting: a bad value becomes a
// SettingsError naming it.
// Their package.json contributions (with these defaults) belong with the host change that registers the tools.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import type { SettingGetter } from '../settings/extensionSettings';
import { DEFAULT_DENY_GLOBS } from './denyGlobs';
import type { OfferedVscodeTool } from './vscodeTools';
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
  /** askModel.vscodeTools.allow: the tools of `vscode.lm.tools` offered too, by name, tag or `*` pattern. */
  vscodeToolsAllow: string[];
  /** askModel.vscodeTools.autoApprove: those of them that run without asking. */
  vscodeToolsAutoApprove: string[];
}

export const DEFAULT_MAX_TOOL_ROUNDS = 10;

export const DEFAULT_TOOL_SETTINGS: { readonly [Key in keyof ToolSettings]: ToolSettings[Key] extends string[] ? readonly string[] : ToolSettings[Key] } = {
  enabled: true,
  maxRounds: DEFAULT_MAX_TOOL_ROUNDS,
  askBeforeReading: false,
  autoApprove: [],
  denyGlobs: DEFAULT_DENY_GLOBS,
  vscodeToolsAllow: [],
  vscodeToolsAutoApprove: [],
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
    vscodeToolsAllow: { key: 'vscodeTools.allow', schema: z.array(z.string()), problem: 'must be a list of tool names or tags, e.g. ["mcp"].' },
    vscodeToolsAutoApprove: { key: 'vscodeTools.autoApprove', schema: z.array(z.string()), problem: 'must be a list of tool names or tags, e.g. ["mcp_tickets_lookup_ticket"].' },
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
    vscodeToolsAllow: read('vscodeToolsAllow'),
    vscodeToolsAutoApprove: read('vscodeToolsAutoApprove'),
  };
}

/** What the approval rule looks at: a workspace tool's name and kind, or a VS Code tool as offered. */
export type ApprovalSubject = { name: string; kind: ToolKind } | { kind: 'vscode'; tool: Pick<OfferedVscodeTool, 'autoApproved'> };

/**
 * Read-only tools run without asking unless askBeforeReading; edits ask unless listed in autoApprove; a VS Code tool
 * asks unless askModel.vscodeTools.autoApprove names it (decided when it was offered).
 */
export function needsApproval(call: ApprovalSubject, settings: Pick<ToolSettings, 'askBeforeReading' | 'autoApprove'>): boolean {
  if (call.kind === 'vscode') return !call.tool.autoApproved;
  if (call.kind === 'read') return settings.askBeforeReading;
  return !settings.autoApprove.includes(call.name);
}

/** The tool loop's approval rule for these settings: which calls wait for the user (reads and VS Code tools before running, edits at their preview). */
export function approvalRule(settings: Pick<ToolSettings, 'askBeforeReading' | 'autoApprove'>): (call: ApprovalSubject) => boolean {
  return (call) => needsApproval(call, settings);
}
