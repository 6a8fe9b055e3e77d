// The project rules in the chat: the session asks for the rules nearest the files the conversation carries, sends
// them in the system message, shows a chip per file on the answer (stored with it), and counts them in the meter.
import assert from 'node:assert/strict';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { composeProjectRules } from '../../../src/core/rules/projectRulesText';
import type { AssistantTurn } from '../../../src/core/chat/chatTurns';
import type { HostMessage } from '../../../src/core/chat/webviewProtocol';
import { fakeSessionPorts, textAnswer } from '../../support/fakes/chat/fakeChatSessionPorts';

const rules = composeProjectRules([
  { path: 'AGENTS.md', text: 'Run npm test before you say it works. '.repeat(200) },
  { path: 'src/AGENTS.md', text: 'Never use \u202Eany\u202C.' },
]);

const chip = (path: string) => ({ id: path, kind: 'file' as const, label: path, path, languageId: 'ts', startLine: 1, endLine: 1, text: 'x', truncatedCharacters: 0 });

describe('chat session: project rules', () => {
  it('sends the rules in the system message and shows a chip per file on the answer', async () => {
    const ports = fakeSessionPorts({ projectRules: rules, answers: [textAnswer('Done.')] });
    const session = new ChatSession(ports);
    await session.send('Fix it');
    const system = ports.model.requests[0]?.messages[0];
    assert.equal(system?.role, 'system');
    assert.ok(String(system?.content).startsWith('Be brief.\n\n# Project rules'));
    assert.ok(String(system?.content).includes('## src/AGENTS.md\n\nNever use \u202Eany\u202C.'));
    const expected = [{ path: 'AGENTS.md' }, { path: 'src/AGENTS.md', warning: 'holds 2 invisible or reordering characters: U+202E RIGHT-TO-LEFT OVERRIDE, U+202C POP DIRECTIONAL FORMATTING' }];
    const stored = ports.archive.list()[0]?.turns.at(-1) as AssistantTurn;
    assert.deepEqual(stored.rules, expected, 'stored with the answer');
    const lastTurn = ports.posted.filter((message): message is Extract<HostMessage, { type: 'turn' }> => message.type === 'turn').at(-1);
    assert.deepEqual(lastTurn?.turn.role === 'assistant' ? lastTurn.turn.rules : undefined, expected, 'and shown on it');
  });

  it('shows no chips when no rules were read', async () => {
    const ports = fakeSessionPorts({ answers: [textAnswer('Done.')] });
    await new ChatSession(ports).send('Hi');
    assert.equal((ports.archive.list()[0]?.turns.at(-1) as AssistantTurn).rules, undefined);
    assert.equal(ports.model.requests[0]?.messages[0]?.content, 'Be brief.');
  });

  it('asks for the rules of the files the conversation carries, every message', async () => {
    const ports = fakeSessionPorts({ answers: [textAnswer('One.'), textAnswer('Two.')] });
    const session = new ChatSession(ports);
    session.attach(chip('src/a.ts'));
    session.attach(chip('lib/b.ts'));
    await session.send('First');
    session.attach(chip('src/a.ts'));
    session.attach(chip('docs/c.md'));
    await session.send('Second');
    assert.deepEqual(ports.preparedFor, [['src/a.ts', 'lib/b.ts'], ['src/a.ts', 'lib/b.ts', 'docs/c.md']]);
  });

  it('takes a folder chip as the folder, and leaves out chips that name no file', async () => {
    const ports = fakeSessionPorts({ answers: [textAnswer('One.')] });
    const session = new ChatSession(ports);
    session.attach({ ...chip('packages/api'), kind: 'folder' });
    session.attach({ ...chip('problems'), kind: 'problems' });
    session.attach({ ...chip('terminal'), kind: 'terminal' });
    await session.send('First');
    assert.deepEqual(ports.preparedFor, [['packages/api/']]);
  });

  it('counts the rules in the context meter, as part of the system message', async () => {
    const window = { contextWindow: 128_000 };
    const withRules = fakeSessionPorts({ projectRules: rules, window, answers: [textAnswer('Done.')] });
    const without = fakeSessionPorts({ window, answers: [textAnswer('Done.')] });
    await new ChatSession(withRules).send('Fix it');
    await new ChatSession(without).send('Fix it');
    const used = (posted: HostMessage[]) => posted.filter((message): message is Extract<HostMessage, { type: 'context' }> => message.type === 'context').at(-1)?.context?.usedTokens ?? 0;
    // About 7,600 characters of rules: whatever the estimate's ratio, hundreds of tokens more than without them.
    assert.ok(rules.text.length > 7000);
    const difference = used(withRules.posted) - used(without.posted);
    assert.ok(difference > rules.text.length / 10, `${used(withRules.posted)} with the rules vs ${used(without.posted)} without`);
  });
});
