// The askModel.tools.* and askModel.vscodeTools.* settings, read like every other setting: a bad value becomes a
// SettingsError naming it.
// Their package.json contributions (with these defaults) belong with the host change that registers the tools.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { field, readSetting, type Field, type SettingGetter } from '../settings/settingField';
import { DEFAULT_DENY_GLOBS } from './denyGlobs';
import { protectedPath } from './protectedPaths';
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
  /** askModel.tools.commandTimeoutSeconds: run_command ends a command (and every process it started) after this long. */
  commandTimeoutSeconds: number;
  /** askModel.tools.denyGlobs: files no tool reads, lists, searches or writes. */
  denyGlobs: string[];
  /**
   * askModel.tools.commandRules: the words a command may start with to run without asking ("npm test"). Read from the
   * user's settings only (the host's reader never passes a workspace's value): a repository must not allow its own.
   */
  commandRules: string[];
  /** askModel.vscodeTools.allow: the tools of `vscode.lm.tools` offered too, by name, tag or `*` pattern. */
  vscodeToolsAllow: string[];
  /** askModel.vscodeTools.autoApprove: those of them that run without asking. */
  vscodeToolsAutoApprove: string[];
}

export const DEFAULT_MAX_TOOL_ROUNDS = 10;
export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 300;

export const DEFAULT_TOOL_SETTINGS: { readonly [Key in keyof ToolSettings]: ToolSettings[Key] extends string[] ? readonly string[] : ToolSettings[Key] } = {
  enabled: true,
  maxRounds: DEFAULT_MAX_TOOL_ROUNDS,
  askBeforeReading: false,
  autoApprove: [],
  commandTimeoutSeconds: DEFAULT_COMMAND_TIMEOUT_SECONDS,
  denyGlobs: DEFAULT_DENY_GLOBS,
  commandRules: [],
  vscodeToolsAllow: [],
  vscodeToolsAutoApprove: [],
};

type Fields = { [Key in keyof ToolSettings]: Field<ToolSettings[Key]> };

// Built on first read, like the tool schemas: a bundle that never reads these settings can drop the table.
function buildFields(): Fields {
  const lists = (key: string, fallback: readonly string[], problem: string) => field(key, z.array(z.string()), [...fallback], problem);
  return {
    enabled: field('tools.enabled', z.boolean(), DEFAULT_TOOL_SETTINGS.enabled, 'must be true or false.'),
    maxRounds: field('tools.maxRounds', z.int().check(z.minimum(1), z.maximum(100)), DEFAULT_TOOL_SETTINGS.maxRounds, 'must be a whole number from 1 to 100.'),
    askBeforeReading: field('tools.askBeforeReading', z.boolean(), DEFAULT_TOOL_SETTINGS.askBeforeReading, 'must be true or false.'),
    autoApprove: lists('tools.autoApprove', DEFAULT_TOOL_SETTINGS.autoApprove, 'must be a list of tool names, e.g. ["replace_in_file"].'),
    commandTimeoutSeconds: field(
      'tools.commandTimeoutSeconds',
      z.int().check(z.minimum(1), z.maximum(86_400)),
      DEFAULT_TOOL_SETTINGS.commandTimeoutSeconds,
      'must be a whole number of seconds from 1 to 86400.',
    ),
    denyGlobs: lists('tools.denyGlobs', DEFAULT_TOOL_SETTINGS.denyGlobs, 'must be a list of globs, e.g. ["**/.env*"].'),
    commandRules: lists('tools.commandRules', DEFAULT_TOOL_SETTINGS.commandRules, 'must be a list of the words commands start with, e.g. ["npm test", "git status"].'),
    vscodeToolsAllow: lists('vscodeTools.allow', DEFAULT_TOOL_SETTINGS.vscodeToolsAllow, 'must be a list of tool names or tags, e.g. ["mcp"].'),
    vscodeToolsAutoApprove: lists('vscodeTools.autoApprove', DEFAULT_TOOL_SETTINGS.vscodeToolsAutoApprove, 'must be a list of tool names or tags, e.g. ["mcp_tickets_lookup_ticket"].'),
  };
}

let fields: Fields | undefined;

/** The askModel.tools.* and askModel.vscodeTools.* settings (package.json's are checked against these). */
export function toolSettingFields(): Fields {
  fields ??= buildFields();
  return fields;
}

export function readToolSettings(get: SettingGetter): ToolSettings {
  const table = toolSettingFields();
  return {
    enabled: readSetting(get, table.enabled),
    maxRounds: readSetting(get, table.maxRounds),
    askBeforeReading: readSetting(get, table.askBeforeReading),
    autoApprove: readSetting(get, table.autoApprove),
    commandTimeoutSeconds: readSetting(get, table.commandTimeoutSeconds),
    denyGlobs: readSetting(get, table.denyGlobs),
    // Each rule's own sense is checked where commands are decided (commandRuleProblems): the grammar and its tables load
    // with the command tool, not with every surface that reads these settings.
    commandRules: readSetting(get, table.commandRules),
    vscodeToolsAllow: readSetting(get, table.vscodeToolsAllow),
    vscodeToolsAutoApprove: readSetting(get, table.vscodeToolsAutoApprove),
  };
}

/**
 * What the approval rule looks at: a workspace tool's name, kind and arguments (an edit's `path`), or a VS Code tool
 * as offered.
 */
export type ApprovalSubject = { name: string; kind: ToolKind; args?: unknown } | { kind: 'vscode'; tool: Pick<OfferedVscodeTool, 'autoApproved'> };

/**
 * Read-only tools run without asking unless askBeforeReading; edits ask unless listed in autoApprove, and an edit of a
 * protected file (protectedPaths.ts: one that could turn approval off or run code by itself) always asks; a VS Code
 * tool asks unless askModel.vscodeTools.autoApprove names it (decided when it was offered). A command always gets the
 * question: its runner asks it unless the user's own command rules cover the line (autoApprove never does).
 */
export function needsApproval(call: ApprovalSubject, settings: Pick<ToolSettings, 'askBeforeReading' | 'autoApprove'>): boolean {
  if (call.kind === 'vscode') return !call.tool.autoApproved;
  if (call.kind === 'command') return true;
  if (call.kind === 'read') return settings.askBeforeReading;
  if (editsProtectedPath(call.args)) return true;
  return !settings.autoApprove.includes(call.name);
}

/** Whether an edit's arguments name a protected file; an edit whose path cannot be read is taken to. */
function editsProtectedPath(args: unknown): boolean {
  const path = typeof args === 'object' && args !== null ? (args as { path?: unknown }).path : undefined;
  if (path === undefined) return false;
  return typeof path !== 'string' || protectedPath(path) !== undefined;
}

/** The tool loop's approval rule for these settings: which calls wait for the user (reads and VS Code tools before running, edits at their preview). */
export function approvalRule(settings: Pick<ToolSettings, 'askBeforeReading' | 'autoApprove'>): (call: ApprovalSubject) => boolean {
  return (call) => needsApproval(call, settings);
}
