// The user's command rules (askModel.tools.commandRules): read from the user's settings only, never a workspace's,
// and written only by the user's "Always allow commands starting with …" on a command's card (global target). The
// model cannot write or widen one: no tool writes settings, and the card's button writes the rule the host computed.
import * as vscode from 'vscode';
import type { ToolSettings } from '../../../core';

const SETTING = 'tools.commandRules';

/** The rules run_command's approval reads: the settings reader takes them from the user's settings only. */
export function userCommandRules(settings: ToolSettings): readonly string[] {
  return settings.commandRules;
}

/** Adds `rule` to the user's rules (a rule already there is not added twice). */
export async function addUserCommandRule(rule: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('askModel');
  const current = config.inspect<unknown>(SETTING)?.globalValue;
  const rules = Array.isArray(current) ? current.filter((entry): entry is string => typeof entry === 'string') : [];
  if (rules.includes(rule)) return;
  await config.update(SETTING, [...rules, rule], vscode.ConfigurationTarget.Global);
}
