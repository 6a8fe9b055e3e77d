import assert from 'node:assert/strict';
import { BUILT_IN_SLASH_COMMANDS, allSlashCommands, commandMessage, findSlashCommand, type SlashCommand } from '../../../../src/core/chat/slashCommands/slashCommands';
import { parsePromptFile } from '../../../../src/core/chat/slashCommands/promptFiles';
import { splitFrontMatter } from '../../../../src/core/text/frontMatter';

describe('slash commands', () => {
  it('has one record per command, each named once with what it does', () => {
    assert.deepEqual(
      BUILT_IN_SLASH_COMMANDS.map((command) => [command.name, command.action.type]),
      [
        ['new', 'newChat'],
        ['compact', 'compact'],
        ['plan', 'mode'],
        ['act', 'mode'],
        ['explain', 'prompt'],
        ['fix', 'prompt'],
        ['tests', 'prompt'],
      ],
    );
    const fix = BUILT_IN_SLASH_COMMANDS.find((command) => command.name === 'fix');
    assert.deepEqual(fix?.action.type === 'prompt' && fix.action.context, ['selection', 'selectionProblems'], '/fix sends the selection and its problems');
  });

  it('/plan and /act switch the mode; the words after them are the message sent in it', () => {
    const found = findSlashCommand('/plan add a README with the build steps', BUILT_IN_SLASH_COMMANDS);
    assert.deepEqual(found?.command.action, { type: 'mode', mode: 'plan' });
    assert.equal(found?.rest, 'add a README with the build steps');
    assert.deepEqual(findSlashCommand('/act', BUILT_IN_SLASH_COMMANDS)?.command.action, { type: 'mode', mode: 'act' });
  });

  it('finds the command a message starts with, and the words after it', () => {
    assert.equal(findSlashCommand('/explain', BUILT_IN_SLASH_COMMANDS)?.command.name, 'explain');
    assert.deepEqual(
      (({ command, rest }) => [command.name, rest])(findSlashCommand('  /FIX  and keep the API\nas it is ', BUILT_IN_SLASH_COMMANDS) ?? { command: { name: '' } as SlashCommand, rest: '' }),
      ['fix', 'and keep the API\nas it is'],
    );
    assert.equal(findSlashCommand('/explained', BUILT_IN_SLASH_COMMANDS), undefined);
    assert.equal(findSlashCommand('please /explain', BUILT_IN_SLASH_COMMANDS), undefined);
    assert.equal(findSlashCommand('/usr/bin/env is missing', BUILT_IN_SLASH_COMMANDS), undefined);
  });

  it("sends the command's prompt, then the user's words", () => {
    assert.equal(commandMessage('Explain it.', ''), 'Explain it.');
    assert.equal(commandMessage('Explain it.\n', 'briefly'), 'Explain it.\n\nbriefly');
  });

  it('keeps the built-in when a prompt file has its name', () => {
    const mine: SlashCommand = { name: 'Explain', description: 'mine', action: { type: 'prompt', prompt: 'x', context: [] } };
    const other: SlashCommand = { name: 'review', description: 'r', action: { type: 'prompt', prompt: 'y', context: [] } };
    const all = allSlashCommands([mine, other, { ...other, description: 'second review' }]);
    assert.deepEqual(all.map((command) => command.description).slice(-2), ['Write unit tests for the selected code', 'r']);
  });
});

describe('prompt files as commands', () => {
  it('reads the name from the file, the description and mode from the front matter, the prompt from the body', () => {
    const parsed = parsePromptFile('.github/prompts/review-pr.prompt.md', '---\r\ndescription: "Review: the open PR"\r\nmode: agent\r\ntools: [\'codebase\']\r\n---\r\nReview the changes.\r\nBe brief.\r\n');
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.command, {
      name: 'review-pr',
      description: 'Review: the open PR',
      action: { type: 'prompt', prompt: 'Review the changes.\nBe brief.', context: [] },
      source: '.github/prompts/review-pr.prompt.md',
    });
    assert.equal(parsed.frontMatter.tools, "['codebase']");
  });

  it('takes a file without front matter whole, describing it by its path', () => {
    const parsed = parsePromptFile('.github/prompts/short.prompt.md', 'Summarise ${selection} in one line.');
    assert.ok(parsed.ok);
    assert.equal(parsed.command.description, 'Prompt file .github/prompts/short.prompt.md');
    assert.deepEqual(parsed.command.action, { type: 'prompt', prompt: 'Summarise the attached selection in one line.', context: ['selection'] });
  });

  it('says what is wrong with a file it cannot use', () => {
    const problem = (path: string, text: string) => {
      const parsed = parsePromptFile(path, text);
      return parsed.ok ? 'ok' : parsed.problem;
    };
    assert.equal(problem('p/a.prompt.md', '---\ndescription: x\n'), 'p/a.prompt.md: the front matter opened with "---" is never closed by another "---" line.');
    assert.equal(problem('p/a.prompt.md', '---\nmode: chat\n---\nHi'), 'p/a.prompt.md: mode "chat" is not one of ask, edit or agent.');
    assert.equal(problem('p/a.prompt.md', '---\ndescription: x\n---\n  \n'), 'p/a.prompt.md: the prompt is empty; write it under the front matter.');
    assert.equal(problem('p/my prompt.prompt.md', 'Hi'), 'p/my prompt.prompt.md: "my prompt" cannot be a command name; use letters, digits, ".", "_" and "-".');
    assert.equal(problem('p/notes.md', 'Hi'), 'p/notes.md: a prompt file\'s name ends in .prompt.md.');
    assert.equal(problem('p/a.prompt.md', '---\njust words\n---\nHi'), 'p/a.prompt.md: front matter line 2 ("just words") is not "key: value".');
  });

  it('skips comments, blank lines and list items in the front matter', () => {
    assert.deepEqual(splitFrontMatter('---\n# a comment\n\ntools:\n  - one\n  - two\nmode: ask\n---\nBody'), { ok: true, frontMatter: { tools: '', mode: 'ask' }, body: 'Body' });
  });
});
