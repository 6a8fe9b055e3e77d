import assert from 'node:assert/strict';
import { DEFAULT_DENY_GLOBS } from '../../../src/core/tools/denyGlobs';
import { DEFAULT_TOOL_SETTINGS, needsApproval, readToolSettings } from '../../../src/core/tools/toolSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';
import { commandRuleProblems, decideCommand } from '../../../src/core/tools/commands/commandApproval';

describe('tool settings', () => {
  it('defaults: on, 10 rounds, reads without asking, no edit auto-approved, the issue\'s deny globs', () => {
    assert.deepEqual(readToolSettings(() => undefined), {
      enabled: true,
      maxRounds: 10,
      askBeforeReading: false,
      autoApprove: [],
      commandTimeoutSeconds: 300,
      denyGlobs: ['**/.env*', '**/*.pem', '**/*.key', '**/id_rsa*', '**/.git/**'],
      commandRules: [],
      vscodeToolsAllow: [],
      vscodeToolsAutoApprove: [],
    });
    assert.deepEqual(DEFAULT_TOOL_SETTINGS.denyGlobs, DEFAULT_DENY_GLOBS);
  });

  it('reads the values and names a bad one', () => {
    const values: Record<string, unknown> = {
      'tools.enabled': false,
      'tools.maxRounds': 3,
      'tools.autoApprove': ['replace_in_file'],
      'tools.denyGlobs': [],
      'tools.commandRules': ['npm test', "git 'status'"],
      'tools.commandTimeoutSeconds': 30,
      'vscodeTools.allow': ['mcp', 'other_tool'],
      'vscodeTools.autoApprove': ['other_tool'],
    };
    assert.deepEqual(readToolSettings((key) => values[key]), {
      enabled: false,
      maxRounds: 3,
      askBeforeReading: false,
      autoApprove: ['replace_in_file'],
      commandTimeoutSeconds: 30,
      denyGlobs: [],
      commandRules: ['npm test', "git 'status'"],
      vscodeToolsAllow: ['mcp', 'other_tool'],
      vscodeToolsAutoApprove: ['other_tool'],
    });
    assert.throws(
      () => readToolSettings((key) => (key === 'tools.maxRounds' ? 0 : undefined)),
      (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.tools.maxRounds',
    );
    assert.throws(
      () => readToolSettings((key) => (key === 'tools.commandTimeoutSeconds' ? 0 : undefined)),
      (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.tools.commandTimeoutSeconds' && /whole number of seconds from 1 to 86400/.test(error.message),
    );
    assert.throws(
      () => readToolSettings((key) => (key === 'vscodeTools.allow' ? 'mcp' : undefined)),
      (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.vscodeTools.allow' && /list of tool names or tags/.test(error.message),
    );
  });

  it('a default list is a copy: changing it does not change the default', () => {
    readToolSettings(() => undefined).denyGlobs.push('x');
    assert.equal(readToolSettings(() => undefined).denyGlobs.length, 5);
  });

  it('edits ask unless auto-approved; reads ask only when configured', () => {
    const settings = { askBeforeReading: false, autoApprove: ['create_file'] };
    assert.equal(needsApproval({ name: 'replace_in_file', kind: 'edit' }, settings), true);
    assert.equal(needsApproval({ name: 'create_file', kind: 'edit' }, settings), false);
    assert.equal(needsApproval({ name: 'read_file', kind: 'read' }, settings), false);
    assert.equal(needsApproval({ name: 'read_file', kind: 'read' }, { ...settings, askBeforeReading: true }), true);
  });

  it('a VS Code tool asks unless it was auto-approved when offered, whatever the workspace tools\' settings', () => {
    const settings = { askBeforeReading: false, autoApprove: ['replace_in_file', 'create_file'] };
    assert.equal(needsApproval({ kind: 'vscode', tool: { autoApproved: false } }, settings), true);
    assert.equal(needsApproval({ kind: 'vscode', tool: { autoApproved: true } }, { ...settings, askBeforeReading: true }), false);
  });

  it('a command rule that could never mean what it says is named with why, not used', () => {
    const read = (rules: unknown) => () => readToolSettings((key) => (key === 'tools.commandRules' ? rules : undefined));
    const rejects = (rule: string, why: RegExp) => {
      const problems = commandRuleProblems(['npm test', rule]);
      assert.equal(problems.length, 1, rule);
      assert.ok(problems[0]!.startsWith(`askModel.tools.commandRules: the rule ${JSON.stringify(rule)} `) && why.test(problems[0]!) && problems[0]!.endsWith('it is not used.'), problems[0]);
      assert.equal(decideCommand(`${rule === '' ? 'x' : rule.split(' ')[0]} y`, ['npm test', rule], { workspaceFolder: '/w' }).kind, 'ask');
    };
    rejects('npm test && rm -rf /', /joins commands with `&&`/);
    rejects('npm test > out.txt', /redirection/);
    rejects('echo $(id)', /not plain words: command substitution/);
    rejects('A=1 npm test', /assignment/);
    rejects('sudo', /starts with `sudo`/);
    rejects('node -e', /holds `-e`.*never apply/);
    rejects('ls *', /glob/);
    rejects('', /empty/);
    assert.throws(read('npm test'), (error: unknown) => error instanceof SettingsError && /list of the words commands start with/.test(error.message));
    assert.deepEqual(read(['npm test', 'git status', 'python -m pytest'])().commandRules, ['npm test', 'git status', 'python -m pytest']);
  });

  it('an edit of a protected file always asks, even when autoApprove names the tool', () => {
    const settings = { askBeforeReading: false, autoApprove: ['replace_in_file', 'create_file'] };
    const edit = (path: unknown) => needsApproval({ name: 'replace_in_file', kind: 'edit', args: { path } }, settings);
    for (const path of [
      '.vscode/settings.json', '.vscode/tasks.json', '.vscode/launch.json', '.vscode/extensions.json', '.vscode/mcp.json', 'team.code-workspace',
      '.git/hooks/pre-commit', '.git/config', '.gitmodules', '.husky/pre-commit', '.npmrc', '.yarnrc.yml', '.envrc', '.devcontainer/devcontainer.json',
      'api/.vscode/settings.json', '.VSCode/Settings.JSON', 'src/../.vscode/settings.json', '.vscode\\settings.json', './.npmrc',
      '.vscode/settings.json.', '.vscode/settings.json ', '.npmrc::$DATA', 'VSCODE~1/settings.json', '.pre-commit-config.yaml', 'lefthook.yml', '.mcp.json',
    ]) assert.equal(edit(path), true, path);
    for (const path of ['src/index.ts', 'package.json', 'docs/vscode/settings.md', '.vscode-test.mjs', 'settings.json', 'npmrc.md']) assert.equal(edit(path), false, path);
    assert.equal(edit(42), true, 'a path that is not text asks');
    assert.equal(needsApproval({ name: 'create_file', kind: 'edit', args: { path: '.vscode/tasks.json', content: '{}' } }, settings), true);
    assert.equal(needsApproval({ name: 'read_file', kind: 'read', args: { path: '.vscode/settings.json' } }, settings), false, 'reading one does not ask');
  });
});
