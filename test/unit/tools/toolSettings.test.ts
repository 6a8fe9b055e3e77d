import assert from 'node:assert/strict';
import { DEFAULT_DENY_GLOBS } from '../../../src/core/tools/denyGlobs';
import { DEFAULT_TOOL_SETTINGS, needsApproval, readToolSettings } from '../../../src/core/tools/toolSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';

describe('tool settings', () => {
  it('defaults: on, 10 rounds, reads without asking, no edit auto-approved, the issue\'s deny globs', () => {
    assert.deepEqual(readToolSettings(() => undefined), {
      enabled: true,
      maxRounds: 10,
      askBeforeReading: false,
      autoApprove: [],
      commandTimeoutSeconds: 300,
      denyGlobs: ['**/.env*', '**/*.pem', '**/*.key', '**/id_rsa*', '**/.git/**'],
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
});
