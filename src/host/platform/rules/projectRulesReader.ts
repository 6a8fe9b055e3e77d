// The project rules for a request, read from the workspace: askModel.projectRules says which, the files the answer
// works on say which AGENTS.md and which instructions apply. Not in an untrusted workspace: its rules would steer the
// model before the user has said the folder's contents may act on their behalf. What the caps cut, duplicates and
// invisible characters are written to the log; the chips carry the same warnings. The files read are remembered, so a
// chip opens exactly the file that was sent.
import * as vscode from 'vscode';
import { composeProjectRules, discoverProjectRules, readProjectRulesSetting, type ProjectRules, type RulesFileText } from '../../../core';
import type { Log } from '../log/log';
import { WorkspaceRulesFileSystem } from './workspaceRulesFileSystem';
import { askModelConfiguration } from '../settings/settingsLayers';

/** Each rules file read in this session, by the path its chip shows. */
const readFiles = new Map<string, vscode.Uri>();

/**
 * The rules for a request about `workingFiles`; undefined when none apply (or none may be read). Throws a
 * SettingsError for a setting that cannot be read (the request stops with it, as for any other bad setting).
 */
export async function readProjectRules(workingFiles: readonly vscode.Uri[], log: Log, feature: string): Promise<ProjectRules | undefined> {
  const current = askModelConfiguration();
  const sources = readProjectRulesSetting((key) => current.get(key));
  if (sources.kinds.length === 0 && sources.paths.length === 0) return undefined;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) return undefined;
  if (!vscode.workspace.isTrusted) {
    log.info(`${feature}: project rules not read: the workspace is not trusted`);
    return undefined;
  }
  const multiRoot = folders.length > 1;
  const texts: RulesFileText[] = [];
  for (const folder of folders) {
    const files = new WorkspaceRulesFileSystem(folder.uri);
    const inFolder = workingFiles.filter((uri) => vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() === folder.uri.toString()).map((uri) => relativeTo(folder.uri, uri));
    const found = await discoverProjectRules({ sources, workingFiles: inFolder, files });
    const shown = (path: string): string => (multiRoot ? `${folder.name}/${path}` : path);
    for (const file of found.files) {
      texts.push({ path: shown(file.path), text: file.text });
      readFiles.set(shown(file.path), files.uriOf(file.path));
    }
    for (const duplicate of found.duplicates) log.info(`${feature}: project rules: ${shown(duplicate.path)} not sent: the same text as ${shown(duplicate.sameAs)}`);
  }
  const rules = composeProjectRules(texts);
  if (rules.files.length === 0) return undefined;
  log.info(`${feature}: project rules sent: ${rules.files.map((file) => `${file.path} (${file.characters} characters)`).join(', ')}`);
  for (const note of rules.notes) log.warn(`${feature}: project rules: ${note}`);
  return rules;
}

/** The rules file a chip names, if it is one this session read; else one inside a workspace folder by that path. */
export function rulesFileUri(path: string): vscode.Uri | undefined {
  const known = readFiles.get(path);
  if (known) return known;
  // After a reload the chips of stored answers remain: resolve their path as it was shown, inside the workspace only.
  const parts = path.split('/');
  if (parts.some((part) => part === '..' || part === '' || part === '.') || /^[a-z][a-z0-9+.-]*:/i.test(path)) return undefined;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 1) return vscode.Uri.joinPath(folders[0]!.uri, ...parts);
  const folder = folders.find((candidate) => candidate.name === parts[0]);
  return folder && parts.length > 1 ? vscode.Uri.joinPath(folder.uri, ...parts.slice(1)) : undefined;
}

/** Opens a rules file a chip names, as text in an editor (never run): false when there is no such file. */
export async function openRulesFile(path: string): Promise<boolean> {
  const uri = rulesFileUri(path);
  if (!uri) return false;
  try {
    await vscode.window.showTextDocument(uri, { preview: true });
    return true;
  } catch {
    return false;
  }
}

function relativeTo(folder: vscode.Uri, uri: vscode.Uri): string {
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return uri.path.startsWith(base) ? uri.path.slice(base.length) : vscode.workspace.asRelativePath(uri, false);
}
