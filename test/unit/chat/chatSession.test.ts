// The chat session in plain Node, through fakes of its ports (test/support/fakes/chat/fakeChatSessionPorts.ts): what
// it posts to the view, what it sends to the model, what it stores, and how every phase of an answer ends.
import assert from 'node:assert/strict';
import { approvalRule } from '../../../src/core/tools/toolSettings';
import { AuthenticationError } from '../../../src/core/errors/httpErrors';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { offerVscodeTools } from '../../../src/core/tools/vscodeTools';
import { SettingsError } from '../../../src/core/errors/AskModelError';
import { StreamError } from '../../../src/core/errors/transportErrors';
import { viewTurnOf } from '../../../src/core/chat/viewTurns';
import type { AssistantTurn, Turn } from '../../../src/core/chat/chatTurns';
import type { HostMessage, ViewAssistantTurn } from '../../../src/core/chat/webviewProtocol';
import { doneEvent, FakeArchive, fakeSessionPorts, Gate, replayToView, textAnswer, toolCallAnswer, type FakePorts, type FakePortsOptions, type ScriptedAnswer } from '../../support/fakes/chat/fakeChatSessionPorts';

function sessionWith(options: FakePortsOptions = {}): { session: ChatSession; ports: FakePorts } {
  const ports = fakeSessionPorts(options);
  return { session: new ChatSession(ports), ports };
}

const lastAssistant = (turns: readonly Turn[]): AssistantTurn => {
  const turn = turns.at(-1);
  assert.equal(turn?.role, 'assistant');
  return turn as AssistantTurn;
};

const ofType = <T extends HostMessage['type']>(posted: readonly HostMessage[], type: T): Extract<HostMessage, { type: T }>[] =>
  posted.filter((message): message is Extract<HostMessage, { type: T }> => message.type === type);

describe('chat session', () => {
  describe('cost', () => {
    const prices = { inputPerToken: 0.001, outputPerToken: 0.002 };

    it('an answer with tool rounds costs all its requests: each stored with its facts, the sum under the answer', async () => {
      const { session, ports } = sessionWith({ prices, answers: [toolCallAnswer(['c1', 'read_file', '{"path":"a.ts"}']), textAnswer('Done.')] });
      await session.send('read a.ts');
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      // Each request: 3 prompt and 2 completion tokens (the fake's usage) at the list prices.
      assert.deepEqual(answer.answers.map((facts) => facts.cost), [{ usd: 0.007, basis: 'prices' }, { usd: 0.007, basis: 'prices' }]);
      const shown = viewTurnOf(answer) as ViewAssistantTurn;
      assert.match(shown.footer ?? '', / · cost ~\$0\.014$/);
      assert.deepEqual(shown.cost, { usd: 0.014, basis: 'prices' });
    });

    it('no figure when a request of the answer had no price, or the model has none', async () => {
      const unpriced: ScriptedAnswer = { batches: [[{ type: 'text', text: 'Hi.' }], [doneEvent({ usage: undefined })]] };
      const { session, ports } = sessionWith({ prices, answers: [toolCallAnswer(['c1', 'read_file', '{"path":"a.ts"}']), unpriced] });
      await session.send('read a.ts');
      const shown = viewTurnOf(lastAssistant(ports.archive.list()[0]?.turns ?? [])) as ViewAssistantTurn;
      assert.doesNotMatch(shown.footer ?? '', /cost/);
      assert.equal('cost' in shown, false);
      const { session: withoutPrices, ports: other } = sessionWith({ answers: [textAnswer('Hi.')] });
      await withoutPrices.send('hi');
      assert.doesNotMatch((viewTurnOf(lastAssistant(other.archive.list()[0]?.turns ?? [])) as ViewAssistantTurn).footer ?? '', /cost/);
    });
  });

  describe('send and stream', () => {
    it('posts the user turn, a streaming answer, its text and the finished turn; stores the conversation', async () => {
      const { session, ports } = sessionWith({ answers: [textAnswer('Hello', ' there.')] });
      await session.send('  Hi  ');
      const turns = ports.archive.list()[0]?.turns ?? [];
      assert.deepEqual(
        turns.map((turn) => [turn.role, turn.text]),
        [
          ['user', 'Hi'],
          ['assistant', 'Hello there.'],
        ],
      );
      const answer = lastAssistant(turns);
      assert.equal(answer.status, 'done');
      assert.equal(answer.answers[0]?.model, 'fake-model', 'the answer’s facts are stored');
      assert.match((viewTurnOf(answer) as ViewAssistantTurn).footer ?? '', /^model fake-model · .*total/, 'the view is sent the line made from them');
      assert.equal(ports.archive.list()[0]?.title, 'Hi');
      const types = ports.posted.map((message) => message.type);
      assert.deepEqual(types.slice(0, 2), ['turn', 'turn']);
      assert.deepEqual(types.slice(-3), ['turn', 'history', 'context']);
      assert.deepEqual(replayToView(ports.posted), turns.map(viewTurnOf), 'the view ends with exactly the stored turns, as shown');
      assert.equal(session.busy, false);
      assert.equal(ports.inFlight.size, 0, 'the request was released from Stop-all');
      assert.equal(ports.answered.length, 1, 'the answer was reported (logged)');
    });

    it('sends the system prompt, the history and the attached context', async () => {
      const { session, ports } = sessionWith({ answers: [textAnswer('One.'), textAnswer('Two.')] });
      await session.send('first');
      session.attach({ id: 'c1', kind: 'selection', label: 'a.ts:1-1', path: 'a.ts', languageId: 'ts', startLine: 1, endLine: 1, text: 'let a = 1;', truncatedCharacters: 0 });
      await session.send('second');
      const messages = ports.model.requests[1]?.messages ?? [];
      assert.deepEqual(
        messages.map((message) => message.role),
        ['system', 'user', 'assistant', 'user'],
      );
      assert.equal(messages[0]?.content, 'Be brief.');
      assert.match(String(messages[3]?.content), /^second\n\na\.ts, lines 1–1:\n```ts\nlet a = 1;\n```$/);
      assert.deepEqual(session.state().pendingContext, [], 'the context went with the message');
    });

    it('ignores an empty message and a message while an answer is in flight', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('slow'), gate: gate.wait }] });
      await session.send('   ');
      assert.equal(ports.posted.length, 0);
      const first = session.send('one');
      await gate.reached();
      await session.send('two');
      gate.release();
      await first;
      assert.deepEqual(
        ports.archive.list()[0]?.turns.map((turn) => turn.text),
        ['one', 'slow'],
      );
    });

    it('paces text to the view by the clock: pieces within one interval go as one delta', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('a', 'b', 'c'), gate: gate.wait }] });
      const sent = session.send('go');
      await gate.letThrough(3); // the done batch waits: a, b and c have been read
      const deltas = ofType(ports.posted, 'delta');
      assert.deepEqual(
        deltas.map((delta) => delta.text),
        ['a'],
        'the first piece goes at once; the rest wait for the interval',
      );
      ports.clock.advance(16);
      assert.deepEqual(
        ofType(ports.posted, 'delta').map((delta) => delta.text),
        ['a', 'bc'],
      );
      gate.release();
      await sent;
    });

    it('a state asked for mid-stream carries the text so far, and no delta repeats it afterwards', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('a', 'b', 'c'), gate: gate.wait }] });
      const sent = session.send('go');
      await gate.letThrough(2);
      session.showState(); // the view came back: b is still waiting in the coalescer
      gate.release();
      await sent;
      // What the view shows while streaming: everything up to the last delta (the final turn would hide a repeat).
      const lastDelta = ports.posted.map((message) => message.type).lastIndexOf('delta');
      assert.equal(replayToView(ports.posted.slice(0, lastDelta + 1)).at(-1)?.text, 'abc');
    });

    it('keeps reasoning apart from text, and starts a new round’s text on a new paragraph', async () => {
      const reasoningFirst: ScriptedAnswer = {
        batches: [[{ type: 'reasoning', text: 'thinking' }], [{ type: 'text', text: 'Reading.' }], ...toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}']).batches],
      };
      const { session, ports } = sessionWith({ answers: [reasoningFirst, textAnswer('It is fine.')] });
      await session.send('check a.ts');
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.equal(answer.reasoning, 'thinking');
      assert.equal(answer.text, 'Reading.\n\nIt is fine.');
      assert.deepEqual(replayToView(ports.posted), ports.archive.list()[0]?.turns.map(viewTurnOf));
    });
    it('each round’s reasoning is its own paragraph, not run together with the previous round’s', async () => {
      const thinkThenCall: ScriptedAnswer = { batches: [[{ type: 'reasoning', text: 'Let me think.' }], ...toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}']).batches] };
      const thinkThenAnswer: ScriptedAnswer = { batches: [[{ type: 'reasoning', text: 'Let me ' }], [{ type: 'reasoning', text: 'think.' }], [{ type: 'text', text: 'Fine.' }], [doneEvent()]] };
      const { session, ports } = sessionWith({ answers: [thinkThenCall, thinkThenAnswer] });
      await session.send('check a.ts');
      assert.equal(lastAssistant(ports.archive.list()[0]?.turns ?? []).reasoning, 'Let me think.\n\nLet me think.');
      assert.deepEqual(replayToView(ports.posted), ports.archive.list()[0]?.turns.map(viewTurnOf), 'the view got the same break');
    });
  });

  describe('tool rounds and approval', () => {
    it('runs the calls, shows each as a card, and keeps the exact transcript for the next request', async () => {
      const { session, ports } = sessionWith({ answers: [toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}']), textAnswer('Done.'), textAnswer('Sure.')] });
      await session.send('read it');
      assert.deepEqual(ports.ran, ['r1']);
      assert.deepEqual(ports.asked, [], 'reads run without asking by default');
      const stored = ports.archive.list()[0];
      const answer = lastAssistant(stored?.turns ?? []);
      assert.deepEqual(
        answer.toolCalls?.map((card) => [card.id, card.name, card.summary, card.status, card.isEdit]),
        [['r1', 'read_file', 'a.ts', 'done', false]],
      );
      assert.deepEqual(
        ofType(ports.posted, 'toolCall').map((message) => message.call.status),
        ['queued', 'running', 'done'],
      );
      assert.ok(stored?.transcripts?.[answer.id], 'the tool messages are kept');
      await session.send('thanks');
      const roles = ports.model.requests[2]?.messages.map((message) => message.role);
      assert.deepEqual(roles, ['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    });

    it('an edit asks the one approver with its preview; the card waits, then shows the outcome', async () => {
      const { session, ports } = sessionWith({ answers: [toolCallAnswer(['e1', 'create_file', '{"path":"b.ts","content":"x"}']), textAnswer('Created.')] });
      await session.send('make b.ts');
      assert.deepEqual(ports.asked, [{ callId: 'e1', preview: { path: 'b.ts', summary: 'a change' } }]);
      assert.deepEqual(
        ofType(ports.posted, 'toolCall').map((message) => message.call.status),
        ['queued', 'running', 'awaiting-approval', 'running', 'done'],
      );
    });

    it('a rejection (with its reason) reaches the model, and the answer goes on', async () => {
      const { session, ports } = sessionWith({
        answers: [toolCallAnswer(['e1', 'replace_in_file', '{"path":"a.ts","old_text":"a","new_text":"b"}']), textAnswer('Understood.')],
        decide: async () => ({ approved: false, reason: 'not that file' }),
      });
      await session.send('change a');
      const toolMessage = ports.model.requests[1]?.messages.find((message) => message.role === 'tool');
      assert.match(String(toolMessage?.content), /rejected.*"not that file"/);
      assert.equal(lastAssistant(ports.archive.list()[0]?.turns ?? []).toolCalls?.[0]?.status, 'rejected');
    });

    it('a VS Code tool (an MCP server\'s) waits on its card without a preview; its result shows on the card and reaches the model', async () => {
      const vscodeTools = offerVscodeTools([{ name: 'mcp_tickets_lookup_ticket', description: 'Look up a ticket.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, tags: ['mcp'] }], {
        allow: ['mcp'],
        autoApprove: [],
      });
      const { session, ports } = sessionWith({
        answers: [toolCallAnswer(['m1', 'mcp_tickets_lookup_ticket', '{"id":"T-42"}']), textAnswer('T-42 is open.')],
        tools: { needsApproval: approvalRule({ askBeforeReading: false, autoApprove: [] }), maxRounds: 3, offer: { workspace: true, vscode: vscodeTools } },
        runTool: async (call) => (call.kind === 'vscode' ? { status: 'done', content: `T-42: open, owner Ada\n(from ${call.tool.toolName})` } : { status: 'failed', content: 'not this one' }),
      });
      await session.send('what is T-42?');
      assert.deepEqual(ports.asked, [{ callId: 'm1', preview: undefined }]);
      assert.deepEqual(
        ofType(ports.posted, 'toolCall').map((message) => [message.call.status, message.call.isEdit]),
        [
          ['queued', false],
          ['awaiting-approval', false],
          ['running', false],
          ['done', false],
        ],
      );
      const card = lastAssistant(ports.archive.list()[0]?.turns ?? []).toolCalls?.[0];
      assert.deepEqual([card?.name, card?.summary, card?.preview], ['mcp_tickets_lookup_ticket', '{"id":"T-42"}', 'T-42: open, owner Ada']);
      const toolMessage = ports.model.requests[1]?.messages.find((message) => message.role === 'tool');
      assert.equal(toolMessage?.content, 'T-42: open, owner Ada\n(from mcp_tickets_lookup_ticket)');
    });

    it('auto-approved edits and reads asked about follow the run’s rule', async () => {
      const { session, ports } = sessionWith({
        answers: [toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}'], ['e1', 'create_file', '{"path":"b.ts","content":"x"}']), textAnswer('OK.')],
        // askBeforeReading on, create_file auto-approved
        tools: { needsApproval: (call) => (call.kind === 'read' ? true : call.name !== 'create_file'), maxRounds: 3 },
      });
      await session.send('go');
      assert.deepEqual(ports.asked, [{ callId: 'r1', preview: undefined }]);
      assert.deepEqual(ports.ran, ['r1', 'e1']);
    });

    it('with tools off, a call the model makes anyway is answered and not run', async () => {
      const { session, ports } = sessionWith({ tools: 'off', answers: [toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}'])] });
      await session.send('go');
      assert.deepEqual(ports.ran, []);
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.equal(answer.status, 'done');
      assert.match(answer.notice ?? '', /offered none/);
    });

    it('the round limit ends the answer with a notice; its calls are skipped, not run', async () => {
      const { session, ports } = sessionWith({
        tools: { needsApproval: () => false, maxRounds: 1 },
        answers: [toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}']), toolCallAnswer(['r2', 'read_file', '{"path":"b.ts"}'])],
      });
      await session.send('go');
      assert.deepEqual(ports.ran, ['r1']);
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.match(answer.notice ?? '', /1 rounds of tool calls/);
      assert.equal(answer.toolCalls?.find((card) => card.id === 'r2')?.status, 'skipped');
    });
  });

  describe('stop, at every phase', () => {
    it('while the run is prepared (the model picker is open): nothing is sent, the answer says stopped', async () => {
      let resolvePrepare: () => void = () => undefined;
      const ports = fakeSessionPorts({ answers: [textAnswer('never')] });
      const prepare = ports.prepareRun;
      ports.prepareRun = () => new Promise((resolve) => (resolvePrepare = () => resolve(prepare())));
      const session = new ChatSession(ports);
      const sent = session.send('go');
      await new Promise((resolve) => setImmediate(resolve));
      session.stop();
      resolvePrepare();
      await sent;
      assert.equal(ports.model.requests.length, 0);
      assert.equal(lastAssistant(ports.archive.list()[0]?.turns ?? []).status, 'stopped');
    });

    it('while the answer streams: what arrived is kept and stored, the turn says stopped, Stop-all is released', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('partial ', 'never'), gate: gate.wait }] });
      const sent = session.send('go');
      await gate.letThrough(1);
      assert.equal(ports.inFlight.size, 1);
      session.stop();
      gate.release();
      await sent;
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.equal(answer.status, 'stopped');
      assert.equal(answer.text, 'partial ');
      assert.equal(ports.inFlight.size, 0);
      assert.deepEqual(replayToView(ports.posted), ports.archive.list()[0]?.turns.map(viewTurnOf));
    });

    it('through the host’s Stop-all (the registered controller): the same as the view’s Stop', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('partial ', 'never'), gate: gate.wait }] });
      const sent = session.send('go');
      await gate.letThrough(1);
      for (const controller of ports.inFlight) controller.abort();
      gate.release();
      await sent;
      assert.equal(lastAssistant(ports.archive.list()[0]?.turns ?? []).status, 'stopped');
    });

    it('while an edit waits for approval: it is not applied, its card says cancelled', async () => {
      const late: { session?: ChatSession } = {};
      const { session, ports } = sessionWith({
        answers: [toolCallAnswer(['e1', 'create_file', '{"path":"b.ts","content":"x"}'])],
        decide: () => {
          late.session?.stop();
          return new Promise(() => undefined); // the user never answers
        },
      });
      late.session = session;
      await session.send('make b.ts');
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.equal(answer.status, 'stopped');
      assert.equal(answer.toolCalls?.[0]?.status, 'cancelled');
      assert.equal(ports.model.requests.length, 1, 'nothing more was asked of the model');
    });

    it('while a tool runs: the loop does not wait for it, the transcript still answers every call', async () => {
      const late: { session?: ChatSession } = {};
      const { session, ports } = sessionWith({
        answers: [toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}'], ['r2', 'list_files', '{}']), textAnswer('Go on.'), textAnswer('never')],
        runTool: () => {
          late.session?.stop();
          return new Promise(() => undefined);
        },
      });
      late.session = session;
      await session.send('go');
      const stored = ports.archive.list()[0];
      const answer = lastAssistant(stored?.turns ?? []);
      assert.equal(answer.status, 'stopped');
      const transcript = stored?.transcripts?.[answer.id] ?? [];
      assert.deepEqual(
        transcript.filter((message) => message.role === 'tool').map((message) => (message.role === 'tool' ? message.tool_call_id : '')),
        ['r1', 'r2'],
      );
      await session.send('continue');
      assert.equal(ports.model.requests.length, 2, 'the next message is answered from a valid history');
    });

    it('Stop with nothing in flight does nothing', () => {
      const { session, ports } = sessionWith();
      session.stop();
      assert.equal(ports.posted.length, 0);
    });
  });

  describe('errors', () => {
    it('a bad setting: the answer is an error card with the fix, and nothing is sent', async () => {
      const { session, ports } = sessionWith({ prepare: { error: new SettingsError('askModel.extraBody', 'must be a JSON object.') } });
      await session.send('go');
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.equal(answer.status, 'error');
      assert.deepEqual(answer.error, { message: 'Setting askModel.extraBody: must be a JSON object.', actions: ['open-settings'] });
      assert.equal(ports.errors.length, 1);
    });

    it('no model picked: says how to pick one', async () => {
      const { session, ports } = sessionWith({ prepare: 'declined' });
      await session.send('go');
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.match(answer.error?.message ?? '', /No model is selected/);
      assert.deepEqual(answer.error?.actions, ['select-model', 'open-settings']);
    });

    it('the server refuses the key: the error names it and offers to set the key (not Retry: the card has its own)', async () => {
      const error = new AuthenticationError({ status: 401, url: 'http://x/v1/chat/completions', serverMessage: 'Invalid key', body: '', headers: {}, hadApiKey: true });
      const { session, ports } = sessionWith({ answers: [{ batches: [], error }] });
      await session.send('go');
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.equal(answer.status, 'error');
      assert.ok(answer.error?.actions.includes('set-api-key'));
      assert.ok(!answer.error?.actions.includes('retry'));
    });

    it('an error mid-stream keeps the partial text on screen and out of the next request', async () => {
      const { session, ports } = sessionWith({
        answers: [{ batches: [[{ type: 'text', text: 'half an ans' }]], error: StreamError.serverError('http://x', 'overloaded') }, textAnswer('Whole.')],
      });
      await session.send('go');
      const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.equal(answer.status, 'error');
      assert.equal(answer.text, 'half an ans');
      assert.match(answer.error?.message ?? '', /overloaded/);
      await session.send('again?');
      assert.deepEqual(
        ports.model.requests[1]?.messages.map((message) => message.role),
        ['system', 'user', 'user'],
        'the failed partial answer is not sent as if it were complete',
      );
    });

    it('a store that cannot save is reported, and the chat goes on', async () => {
      const archive = new FakeArchive();
      archive.save = () => Promise.reject(new Error('disk full'));
      const { session, ports } = sessionWith({ archive, answers: [textAnswer('Hi.')] });
      await session.send('go');
      assert.deepEqual(ports.errors, ['chat: the conversation could not be saved: disk full']);
      assert.equal(session.busy, false);
      assert.equal(session.state().turns.at(-1)?.text, 'Hi.');
    });
  });

  describe('retry', () => {
    it('asks again for a failed answer, dropping its partial text; a done answer is not retried', async () => {
      const { session, ports } = sessionWith({ answers: [{ batches: [[{ type: 'text', text: 'par' }]], error: new Error('socket hang up') }, textAnswer('Full answer.')] });
      await session.send('go');
      await session.retry();
      const turns = ports.archive.list()[0]?.turns ?? [];
      assert.deepEqual(
        turns.map((turn) => [turn.role, turn.text]),
        [
          ['user', 'go'],
          ['assistant', 'Full answer.'],
        ],
      );
      assert.deepEqual(replayToView(ports.posted), turns.map(viewTurnOf));
      await session.retry();
      assert.equal(ports.model.requests.length, 2);
    });
  });

  describe('conversations', () => {
    it('reopens the newest stored conversation after a reload, and continues it', async () => {
      const first = sessionWith({ answers: [textAnswer('One.')] });
      await first.session.send('remember me');
      const { session, ports } = sessionWith({ archive: first.ports.archive, answers: [textAnswer('Two.')] });
      assert.deepEqual(
        session.state().turns.map((turn) => turn.text),
        ['remember me', 'One.'],
      );
      await session.send('and now?');
      assert.deepEqual(
        ports.model.requests[0]?.messages.map((message) => message.content),
        ['Be brief.', 'remember me', 'One.', 'and now?'],
      );
    });

    it('new chat while answering: the answer stops and is stored in its own conversation; the view shows only the new one', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('old ', 'answer'), gate: gate.wait }] });
      const sent = session.send('old question');
      await gate.letThrough(1);
      session.newChat();
      const shownAt = ports.posted.length;
      gate.release();
      await sent;
      const old = ports.archive.list()[0];
      assert.equal(old?.title, 'old question');
      assert.equal(lastAssistant(old?.turns ?? []).status, 'stopped');
      const after = ports.posted.slice(shownAt);
      assert.ok(!after.some((message) => message.type === 'turn' || message.type === 'delta'), 'nothing of the old answer reached the new chat');
      const lastState = ofType(after, 'state').at(-1);
      assert.equal(lastState?.state.busy, false, 'the view learns nothing is in flight');
      assert.deepEqual(lastState?.state.turns, []);
      assert.notEqual(session.state().conversationId, old?.id);
    });

    it('opens a stored conversation, and deleting the open one starts a new one', async () => {
      const { session, ports } = sessionWith({ answers: [textAnswer('A.'), textAnswer('B.')] });
      await session.send('first');
      const firstId = session.state().conversationId;
      session.newChat();
      await session.send('second');
      session.open(firstId);
      assert.deepEqual(
        session.state().turns.map((turn) => turn.text),
        ['first', 'A.'],
      );
      assert.deepEqual(
        session.state().history.map((summary) => summary.title),
        ['second', 'first'],
      );
      await session.delete(firstId);
      assert.notEqual(session.state().conversationId, firstId);
      assert.deepEqual(
        ports.archive.list().map((conversation) => conversation.title),
        ['second'],
      );
    });

    it('attaches and removes context for the next message', () => {
      const { session, ports } = sessionWith();
      const chip = { id: 'c1', kind: 'file' as const, label: 'a.ts', path: 'a.ts', languageId: 'ts', startLine: 1, endLine: 9, text: 'x', truncatedCharacters: 0 };
      session.attach(chip);
      session.removeContext('c1');
      assert.deepEqual(
        ofType(ports.posted, 'pendingContext').map((message) => message.chips.length),
        [1, 0],
      );
    });
  });
  describe('nothing lost when the editor dies', () => {
    const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

    it('the user\'s message is saved before the request is sent', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('slow'), gate: gate.wait }] });
      const requestsAtSave: number[] = [];
      const saveAhead = ports.archive.saveAhead.bind(ports.archive);
      ports.archive.saveAhead = (conversation) => {
        requestsAtSave.push(ports.model.requests.length);
        return saveAhead(conversation);
      };
      const sent = session.send('hello');
      await gate.reached();
      assert.equal(requestsAtSave[0], 0);
      const [afterCrash] = ports.archive.afterCrash();
      assert.deepEqual(
        afterCrash?.turns.map((turn) => [turn.role, turn.text, turn.role === 'assistant' ? turn.status : '']),
        [
          ['user', 'hello', ''],
          ['assistant', '', 'interrupted'],
        ],
      );
      gate.release();
      await sent;
    });

    it('the answer in flight is saved as it grows, within the interval; its final save supersedes it', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({ answers: [{ ...textAnswer('a', 'b', 'c'), gate: gate.wait }] });
      const sent = session.send('go');
      await gate.letThrough(2);
      assert.equal(lastAssistant(ports.archive.afterCrash()[0]?.turns ?? []).text, '', 'not before the interval is up');
      ports.clock.advance(2_000);
      await settle();
      const interrupted = lastAssistant(ports.archive.afterCrash()[0]?.turns ?? []);
      assert.deepEqual([interrupted.text, interrupted.status], ['ab', 'interrupted']);
      gate.release();
      await sent;
      const finished = lastAssistant(ports.archive.afterCrash()[0]?.turns ?? []);
      assert.deepEqual([finished.text, finished.status], ['abc', 'done']);
      const savesAhead = ports.archive.savedAhead.length;
      ports.clock.advance(10_000);
      await settle();
      assert.equal(ports.archive.savedAhead.length, savesAhead, 'no save ahead after the final save');
    });

    it('an accepted edit is saved at once, with the rounds before it, while the next round streams', async () => {
      const gate = new Gate();
      const { session, ports } = sessionWith({
        answers: [toolCallAnswer(['e1', 'create_file', '{"path":"b.ts","content":"x"}']), { ...textAnswer('Created ', 'b.ts.'), gate: gate.wait }],
      });
      const sent = session.send('make b.ts');
      await gate.letThrough(1);
      const interrupted = lastAssistant(ports.archive.afterCrash()[0]?.turns ?? []);
      assert.equal(interrupted.status, 'interrupted');
      assert.deepEqual(
        interrupted.toolCalls?.map((call) => [call.id, call.status]),
        [['e1', 'done']],
      );
      assert.equal(interrupted.answers.length, 1, 'the tool round\'s answer is recorded');
      gate.release();
      await sent;
    });

    it('after the crash the chat opens on the interrupted answer, and Retry asks again without its partial text', async () => {
      const gate = new Gate();
      const before = sessionWith({ answers: [{ ...textAnswer('par', 'tial', ' rest'), gate: gate.wait }] });
      void before.session.send('explain');
      await gate.letThrough(2);
      before.ports.clock.advance(2_000);
      await settle();
      // The process dies here: only what was saved is left.
      const { session, ports } = sessionWith({ archive: new FakeArchive(before.ports.archive.afterCrash()), answers: [textAnswer('Again.')] });
      const shown = session.state().turns.at(-1) as ViewAssistantTurn;
      assert.deepEqual([shown.text, shown.status], ['partial', 'interrupted']);
      await session.retry();
      assert.deepEqual(
        ports.model.requests[0]?.messages.map((message) => [message.role, message.content]),
        [
          ['system', 'Be brief.'],
          ['user', 'explain'],
        ],
      );
      const answered = lastAssistant(ports.archive.list()[0]?.turns ?? []);
      assert.deepEqual([answered.text, answered.status], ['Again.', 'done']);
      assert.equal(ports.archive.list()[0]?.turns.length, 2);
    });
  });
});
