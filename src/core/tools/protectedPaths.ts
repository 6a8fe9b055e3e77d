// Files that could turn approval off, or run code on their own without anyone asking (when a folder opens, a commit
// is made, a package script or a container starts). No edit tool changes one without the user's yes, even when
// askModel.tools.autoApprove names the tool, and no command rule covers a command that names one (CVE-2025-53773:
// Copilot's agent wrote `chat.tools.autoApprove` into .vscode/settings.json, then ran what it liked). One record,
// each with why. Matching ignores case and the spellings Windows reads as the same file (`settings.json.`,
// `settings.json::$DATA`, `a\..\.vscode`), and a short name (`SETTIN~1.JSO`) is taken to be one.
import { matchesGlob } from '../text/globPattern';

export interface ProtectedPath {
  readonly glob: string;
  readonly why: string;
}

export const PROTECTED_PATHS: readonly ProtectedPath[] = [
  { glob: '**/.vscode', why: 'the folder of the workspace settings, tasks and launch configurations' },
  { glob: '**/.vscode/settings.json', why: "workspace settings can turn another tool's approval off or point a setting at a program" },
  { glob: '**/.vscode/tasks.json', why: 'a task can run a command when the folder opens' },
  { glob: '**/.vscode/launch.json', why: 'a launch configuration runs a program and its pre-launch task' },
  { glob: '**/.vscode/extensions.json', why: 'it asks the user to install the extensions it names' },
  { glob: '**/.vscode/mcp.json', why: 'an MCP server entry is a command VS Code starts' },
  { glob: '**/*.code-workspace', why: 'a workspace file carries settings, tasks and launch configurations' },
  { glob: '**/.git', why: "the repository: its hooks and configuration run commands on git's own operations" },
  { glob: '**/.git/**', why: "the repository: its hooks and configuration run commands on git's own operations" },
  { glob: '**/.gitmodules', why: 'a submodule entry can name a command that `git submodule update` runs' },
  { glob: '**/.husky', why: 'its hooks run on every commit' },
  { glob: '**/.husky/**', why: 'its hooks run on every commit' },
  { glob: '**/.pre-commit-config.yaml', why: 'its hooks run on every commit' },
  { glob: '**/{.,}lefthook.{yml,yaml,json,toml}', why: 'its hooks run on every commit' },
  { glob: '**/.npmrc', why: 'script-shell and node-options there run code with every package script' },
  { glob: '**/.yarnrc', why: 'it can name the program that runs package scripts' },
  { glob: '**/.yarnrc.yml', why: 'yarnPath there is a program every yarn command runs' },
  { glob: '**/.pnpmfile.cjs', why: 'its hooks run on every install' },
  { glob: '**/.envrc', why: 'direnv runs it when a terminal enters the folder' },
  { glob: '**/.devcontainer', why: 'a dev container configuration runs commands when the container starts' },
  { glob: '**/.devcontainer/**', why: 'a dev container configuration runs commands when the container starts' },
  { glob: '**/.devcontainer.json', why: 'a dev container configuration runs commands when the container starts' },
  { glob: '**/.mcp.json', why: 'an MCP server entry is a command another agent starts' },
  { glob: '**/.claude/settings*.json', why: "another agent's settings: its hooks run commands and its rules approve them" },
  { glob: '**/.cursor/mcp.json', why: 'an MCP server entry is a command another agent starts' },
];

/**
 * The protected record `path` (workspace-relative, either separator) falls under, or undefined. `shortNames: false`
 * for a word that is often not a path at all (a command's argument: `HEAD~3`), where a Windows short name is not read.
 */
export function protectedPath(path: string, options: { shortNames?: boolean } = {}): ProtectedPath | undefined {
  const segments = normalizedSegments(path);
  if (segments.length === 0) return undefined;
  if (options.shortNames !== false && segments.some((segment) => /~\d/.test(segment))) {
    return { glob: '*~1*', why: 'a Windows short name (`SETTIN~1.JSO`) may stand for a protected file' };
  }
  const normalized = segments.join('/');
  return PROTECTED_PATHS.find((entry) => matchesGlob(normalized, entry.glob, { ignoreCase: true }));
}

/** The segments as Windows and POSIX both resolve them: `.` and `..` applied, trailing dots, spaces and streams dropped. */
function normalizedSegments(path: string): string[] {
  const segments: string[] = [];
  for (const raw of path.replace(/\\/g, '/').split('/')) {
    if (raw === '' || raw === '.') continue;
    if (raw === '..') {
      segments.pop();
      continue;
    }
    const name = raw.replace(/:.*$/, '').replace(/[. ]+$/, '');
    if (name !== '') segments.push(name);
  }
  return segments;
}
