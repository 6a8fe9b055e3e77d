import assert from 'node:assert/strict';
import { formatChanges, withoutDeniedFiles } from '../../../../src/core/chat/mentions/changesText';
import { formatTerminalOutput, NO_OUTPUT_SHARED, plainTerminalText } from '../../../../src/core/chat/mentions/terminalText';

const diffOf = (path: string, line: string) => `diff --git a/${path} b/${path}\nindex 1..2 100644\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-old\n+${line}\n`;

describe('@changes: the git diff without denied files', () => {
  it('drops each file a deny glob covers, on either side of a rename', () => {
    const diff = diffOf('src/a.ts', 'new') + diffOf('.env', 'API_KEY=sk-secret') + 'diff --git a/keys/x.pem b/moved.txt\nsimilarity index 100%\nrename from keys/x.pem\nrename to moved.txt\n';
    const filtered = withoutDeniedFiles(diff, ['**/.env*', '**/*.pem']);
    assert.equal(filtered.text, diffOf('src/a.ts', 'new'));
    assert.deepEqual(filtered.leftOut, ['.env', 'moved.txt']);
    assert.ok(!filtered.text.includes('sk-secret'));
  });

  it('sends staged then not staged, names what was left out, and says when nothing changed', () => {
    const changes = formatChanges(diffOf('a.ts', 'staged'), diffOf('.env', 'SECRET=1') + diffOf('b.ts', 'unstaged'), ['**/.env*']);
    assert.equal(changes.text, `# Staged\n${diffOf('a.ts', 'staged').trimEnd()}\n\n# Not staged\n${diffOf('b.ts', 'unstaged').trimEnd()}\n\n# Left out (askModel.tools.denyGlobs)\n.env`);
    assert.equal(formatChanges('', '', []).text, 'No uncommitted changes.');
  });
});

describe('@terminal: plain text of a command and its output', () => {
  it('removes colour, title and cursor escapes, and keeps what a carriage return drew last', () => {
    assert.equal(plainTerminalText('\u001b[31merror\u001b[0m: x\r\n\u001b]0;title\u0007ok\n10%\r50%\r100%\n\n'), 'error: x\nok\n100%');
  });

  it('names the terminal, the command and its exit code', () => {
    assert.equal(formatTerminalOutput('bash', 'npm test', '\u001b[32m1 passing\u001b[0m\n', 1), 'Terminal "bash":\n$ npm test\n1 passing\n[exit code 1]');
    assert.equal(formatTerminalOutput('zsh', 'ls', 'a\n', undefined), 'Terminal "zsh":\n$ ls\na');
  });

  it('an ended command with no output says VS Code passed none on, not that the command printed nothing', () => {
    assert.equal(formatTerminalOutput('bash', 'echo hi', '', 0), `Terminal "bash":\n$ echo hi\n${NO_OUTPUT_SHARED}\n[exit code 0]`);
    assert.equal(formatTerminalOutput('bash', 'true', '\u001b[0m\r\n', undefined, true), `Terminal "bash":\n$ true\n${NO_OUTPUT_SHARED}`);
    // Still running: nothing printed yet is just that.
    assert.equal(formatTerminalOutput('bash', 'sleep 9', '', undefined, false), 'Terminal "bash":\n$ sleep 9\n');
  });
});
