// The tool loop as a state machine, driven through a real ChatClient by the reference server's scripted turns.
// `server.requests` shows exactly what went back to the model after each round.
import assert from 'node:assert/strict';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { ChatClient } from '../../../src/core/client/chatClient';
import { runToolLoop } from '../../../src/core/tools/toolLoop';
import { toolDefinitions } from '../../../src/core/tools/workspaceTools';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import type { ToolLoopEvent, ToolLoopOptions, ToolOutcome } from '../../../src/core/tools/toolLoopTypes';
import type { ValidToolCall } from '../../../src/core/tools/validateToolCall';
import { faultTurn, startReferenceServer, textTurn, toolCallsTurn, type ReferenceServer } from '../../support/referenceServer';

const START: ChatMessage[] = [
  { role: 'system', content: 'You help with code.' },
  { role: 'user', content: 'Tidy up src/a.ts' },
];

describe('runToolLoop against the reference server', () => {
  let server: ReferenceServer;
  before(async () => {
    server = await startReferenceServer();
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
  });

  let generated = 0;
  const client = () => new ChatClient({ fetch: globalThis.fetch, baseUrl: server.url, maxRetries: 0, generateId: () => `gen_${++generated}` });
  const buildRequest = (stream = true) => (messages: readonly ChatMessage[]) =>
    buildChatRequest({
      settings: { model: 'reference-model', stream, metadata: { tags: [], generationName: '', traceUserId: '' }, extraBody: {} },
      messages,
      tools: toolDefinitions(true),
    });

  /**
   * Runs the loop; by default every tool answers `<name> ok` and every approval says yes. The default tool does what
   * the host's edit tools do: an edit that must wait asks `context.approve` (with its preview) and applies nothing on
   * a no; `executed` lists the calls that went through.
   */
  async function run(overrides: Partial<ToolLoopOptions> & { stream?: boolean } = {}) {
    const events: ToolLoopEvent[] = [];
    const executed: ValidToolCall[] = [];
    const controller = new AbortController();
    const { stream, ...rest } = overrides;
    const result = await runToolLoop({
      client: client(),
      buildRequest: buildRequest(stream),
      messages: START,
      runTool: async (call, context) => {
        if (context.approve) {
          const decision = await context.approve({ path: 'a.ts', summary: 'lines 1–1' });
          if (!decision.approved) return decision.reason ? { status: 'rejected', reason: decision.reason } : { status: 'rejected' };
        }
        executed.push(call);
        return { status: 'done', content: `${call.name} ok` };
      },
      approve: async () => ({ approved: true }),
      maxRounds: 10,
      signal: controller.signal,
      ...rest,
      onEvent: (event) => {
        events.push(event);
        rest.onEvent?.(event);
      },
    });
    return { result, events, executed };
  }

  const sentMessages = (request: number) => (server.requests[request]?.body as { messages: unknown[] }).messages;
  const statuses = (events: ToolLoopEvent[], id: string) =>
    events.flatMap((event) => (event.type === 'toolCall' && event.call.id === id ? [event.call.status] : []));

  it('an answer without tool calls ends the loop at once; the request offered the tools with tool_choice auto', async () => {
    server.script(textTurn('Nothing to do.'));
    const { result, events, executed } = await run();
    assert.equal(result.outcome, 'done');
    assert.equal(result.finishReason, 'stop');
    assert.deepEqual(result.messages, [{ role: 'assistant', content: 'Nothing to do.' }]);
    assert.equal(result.rounds, 1);
    assert.equal(executed.length, 0);
    const body = server.requests[0]?.body as { tools: unknown[]; tool_choice: string };
    assert.deepEqual(body.tools, toolDefinitions(true));
    assert.equal(body.tool_choice, 'auto');
    assert.equal(events.filter((event) => event.type === 'text').map((event) => (event.type === 'text' ? event.text : '')).join(''), 'Nothing to do.');
    assert.deepEqual(events.at(-1), { type: 'finished', result });
  });

  it('parallel calls (fragments interleaved): all run, the answer goes back as sent, one result per id, in order', async () => {
    server.script(
      toolCallsTurn(
        [
          { id: 'call_read', name: 'read_file', arguments: '{"path": "src/a.ts", "start_line": 1}' },
          { id: 'call_search', name: 'search_text', arguments: '{"query":"TODO","mode":"literal"}' },
          { id: null, name: 'get_editor_context', arguments: '{}' },
        ],
        { fragments: 4, interleave: true, content: 'Let me look.' },
      ),
      textTurn('All tidy.'),
    );
    const { result, executed } = await run();
    assert.equal(result.outcome, 'done');
    assert.deepEqual(executed.map((call) => call.name).sort(), ['get_editor_context', 'read_file', 'search_text']);
    const assistant: ChatMessage = {
      role: 'assistant',
      content: 'Let me look.',
      tool_calls: [
        { id: 'call_read', type: 'function', function: { name: 'read_file', arguments: '{"path": "src/a.ts", "start_line": 1}' } },
        { id: 'call_search', type: 'function', function: { name: 'search_text', arguments: '{"query":"TODO","mode":"literal"}' } },
        { id: 'gen_1', type: 'function', function: { name: 'get_editor_context', arguments: '{}' } },
      ],
    };
    const results: ChatMessage[] = [
      { role: 'tool', tool_call_id: 'call_read', content: 'read_file ok' },
      { role: 'tool', tool_call_id: 'call_search', content: 'search_text ok' },
      { role: 'tool', tool_call_id: 'gen_1', content: 'get_editor_context ok' },
    ];
    assert.deepEqual(sentMessages(1), [...START, assistant, ...results]);
    assert.deepEqual(result.messages, [assistant, ...results, { role: 'assistant', content: 'All tidy.' }]);
    assert.equal(result.rounds, 2);
  });

  it('invalid arguments, an unknown tool, broken JSON and a missing name are answered, never run', async () => {
    server.script(
      toolCallsTurn([
        { id: 'c_bad_args', name: 'read_file', arguments: '{"path":3}' },
        { id: 'c_unknown', name: 'run_shell', arguments: '{"command":"rm -rf /"}' },
        { id: 'c_json', name: 'read_file', arguments: '{"path": "a' },
        { id: 'c_no_name', name: '', arguments: '{}' },
        { id: 'c_good', name: 'read_file', arguments: '{"path":"ok.ts"}' },
      ]),
      textTurn('Sorry.'),
    );
    const { result, events, executed } = await run();
    assert.equal(result.outcome, 'done');
    assert.deepEqual(executed.map((call) => call.id), ['c_good']);
    const sent = sentMessages(1) as ChatMessage[];
    const assistant = sent[2] as Extract<ChatMessage, { role: 'assistant' }>;
    assert.deepEqual(
      assistant.tool_calls?.map((call) => [call.id, call.function.name, call.function.arguments]),
      [
        ['c_bad_args', 'read_file', '{"path":3}'],
        ['c_unknown', 'run_shell', '{"command":"rm -rf /"}'],
        ['c_json', 'read_file', '{"path": "a'],
        ['c_no_name', 'missing_name', '{}'],
        ['c_good', 'read_file', '{"path":"ok.ts"}'],
      ],
    );
    const toolResults = sent.slice(3) as Extract<ChatMessage, { role: 'tool' }>[];
    assert.deepEqual(toolResults.map((message) => message.tool_call_id), ['c_bad_args', 'c_unknown', 'c_json', 'c_no_name', 'c_good']);
    assert.match(toolResults[0]!.content, /^The arguments of read_file are not valid, so it was not run:\n✖ expected string, received number\n {2}→ at path/);
    assert.match(toolResults[1]!.content, /^There is no tool named "run_shell", so nothing was run\. Available tools: read_file, /);
    assert.match(toolResults[2]!.content, /^The arguments of the tool call "read_file" are not valid JSON .*so it was not run\.$/);
    assert.match(toolResults[3]!.content, /has no function name, so it was not run/);
    assert.equal(toolResults[4]!.content, 'read_file ok');
    for (const id of ['c_bad_args', 'c_unknown', 'c_json', 'c_no_name']) assert.deepEqual(statuses(events, id), ['invalid'], id);
    assert.deepEqual(statuses(events, 'c_good'), ['queued', 'running', 'done']);
  });

  it('a call cut by length is reported to the model, not run, and the model gets another turn', async () => {
    server.script(
      toolCallsTurn([{ id: 'c_cut', name: 'replace_in_file', arguments: '{"path":"src/a.ts","old_text":"x","new_text":"y"}' }], { finishReason: 'length' }),
      textTurn('I ran out of room.'),
    );
    const { result, events, executed } = await run();
    assert.equal(executed.length, 0);
    assert.equal(result.outcome, 'done');
    const sent = sentMessages(1) as ChatMessage[];
    assert.deepEqual(sent.at(-1), {
      role: 'tool',
      tool_call_id: 'c_cut',
      content: 'The tool call "replace_in_file" was cut off (finish_reason "length") before its arguments were complete, so it was not run.',
    });
    assert.deepEqual(statuses(events, 'c_cut'), ['invalid']);
    const answers = events.filter((event) => event.type === 'answerDone').map((event) => (event.type === 'answerDone' ? event.done.finishReason : ''));
    assert.deepEqual(answers, ['length', 'stop']);
  });

  it('after maxRounds rounds of calls the next calls are answered "not run" and the loop ends with a message', async () => {
    const readTurn = (id: string) => toolCallsTurn([{ id, name: 'read_file', arguments: '{"path":"a.ts"}' }]);
    server.script(readTurn('r1'), readTurn('r2'), readTurn('r3'), textTurn('never asked for'));
    const { result, events, executed } = await run({ maxRounds: 2 });
    assert.equal(result.outcome, 'max-rounds');
    assert.equal(result.notice, 'Stopped after 2 rounds of tool calls (askModel.tools.maxRounds). Send a message to let the model go on, or raise the setting.');
    assert.deepEqual(executed.map((call) => call.id), ['r1', 'r2']);
    assert.equal(server.requests.length, 3);
    assert.equal(server.queuedTurns, 1);
    assert.deepEqual(result.messages.at(-1), {
      role: 'tool',
      tool_call_id: 'r3',
      content: 'Not run: this answer reached its limit of 2 rounds of tool calls (askModel.tools.maxRounds).',
    });
    assert.deepEqual(statuses(events, 'r3'), ['skipped']);
    assert.equal(result.rounds, 3);
  });

  it('the conversation it leaves can be continued: every call has its result', async () => {
    server.script(toolCallsTurn([{ id: 'r1', name: 'read_file', arguments: '{"path":"a.ts"}' }]), textTurn('next turn'));
    const { result } = await run({ maxRounds: 0 });
    assert.equal(result.outcome, 'max-rounds');
    const follow = await client().complete(buildRequest()([...START, ...result.messages, { role: 'user', content: 'go on' }]));
    assert.equal(follow.text, 'next turn'); // the reference server refuses a tool call without its result
  });

  it('Stop while a tool runs: nothing further runs, every call is answered, the loop ends "stopped" quietly', async () => {
    server.script(
      toolCallsTurn([
        { id: 'e1', name: 'replace_in_file', arguments: '{"path":"a.ts","old_text":"a","new_text":"b"}' },
        { id: 'e2', name: 'create_file', arguments: '{"path":"b.ts","content":"x"}' },
        { id: 'r1', name: 'read_file', arguments: '{"path":"c.ts"}' },
      ]),
      textTurn('never asked for'),
    );
    const controller = new AbortController();
    const started: string[] = [];
    const { result, events } = await run({
      signal: controller.signal,
      // This tool ignores the signal and never finishes: the loop must not wait for it.
      runTool: (call) => {
        started.push(call.id);
        controller.abort();
        return new Promise<ToolOutcome>(() => undefined);
      },
    });
    assert.equal(result.outcome, 'stopped');
    assert.deepEqual(started, ['e1']);
    assert.equal(server.requests.length, 1);
    assert.deepEqual(
      result.messages.slice(1).map((message) => (message.role === 'tool' ? [message.tool_call_id, message.content] : [])),
      [
        ['e1', 'Not run: the user stopped the request.'],
        ['e2', 'Not run: the user stopped the request.'],
        ['r1', 'Not run: the user stopped the request.'],
      ],
    );
    // This tool was stopped before it showed a preview, so it never asked.
    assert.deepEqual(statuses(events, 'e1'), ['queued', 'running', 'cancelled']);
    assert.deepEqual(statuses(events, 'e2'), ['queued', 'cancelled']);
    assert.equal(result.error, undefined);
  });

  it('Stop during an approval prompt: the edit is not run', async () => {
    server.script(toolCallsTurn([{ id: 'e1', name: 'replace_in_file', arguments: '{"path":"a.ts","old_text":"a","new_text":"b"}' }]));
    const controller = new AbortController();
    const { result, executed } = await run({
      signal: controller.signal,
      approve: () => {
        controller.abort();
        return new Promise(() => undefined);
      },
    });
    assert.equal(result.outcome, 'stopped');
    assert.equal(executed.length, 0);
  });

  it('Stop while the answer streams: the request is aborted, the partial text is kept aside', async () => {
    server.script(faultTurn({ type: 'slowDrip', delayMs: 40 }, textTurn('one two three four five six seven eight', { chunks: 8 })));
    const controller = new AbortController();
    const { result, executed } = await run({
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'text') controller.abort();
      },
    });
    assert.equal(result.outcome, 'stopped');
    assert.deepEqual(result.messages, []);
    assert.ok(result.partialText.length > 0 && result.partialText.length < 'one two three four five six seven eight'.length);
    assert.equal(executed.length, 0);
  });

  it('Stop after the answer but before its calls run: none runs, all are answered', async () => {
    server.script(toolCallsTurn([{ id: 'r1', name: 'read_file', arguments: '{"path":"a.ts"}' }]));
    const controller = new AbortController();
    const { result, events, executed } = await run({
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'answerDone') controller.abort();
      },
    });
    assert.equal(result.outcome, 'stopped');
    assert.equal(executed.length, 0);
    assert.deepEqual(result.messages.at(-1), { role: 'tool', tool_call_id: 'r1', content: 'Not run: the user stopped the request.' });
    assert.deepEqual(statuses(events, 'r1'), ['cancelled']);
  });

  it('read-only calls run concurrently; edits wait for what came before and run one by one, in order', async () => {
    server.script(
      toolCallsTurn([
        { id: 'r1', name: 'read_file', arguments: '{"path":"a.ts"}' },
        { id: 'r2', name: 'search_text', arguments: '{"query":"x","mode":"literal"}' },
        { id: 'r3', name: 'list_files', arguments: '{}' },
        { id: 'e1', name: 'replace_in_file', arguments: '{"path":"a.ts","old_text":"a","new_text":"b"}' },
        { id: 'e2', name: 'create_file', arguments: '{"path":"b.ts","content":"x"}' },
        { id: 'r4', name: 'get_diagnostics', arguments: '{}' },
      ]),
      textTurn('Done.'),
    );
    const log: string[] = [];
    let inFlight = 0;
    let mostReads = 0;
    let mostWithEdit = 0;
    let allThreeStarted: () => void = () => undefined;
    const threeReads = new Promise<void>((resolve) => (allThreeStarted = resolve));
    const { result } = await run({
      runTool: async (call) => {
        inFlight++;
        log.push(`start ${call.id}`);
        if (call.kind === 'edit') mostWithEdit = Math.max(mostWithEdit, inFlight);
        else mostReads = Math.max(mostReads, inFlight);
        if (['r1', 'r2', 'r3'].includes(call.id)) {
          if (mostReads === 3) allThreeStarted();
          // Each of the first three reads waits until all three have started: run one by one, they would time out.
          await Promise.race([threeReads, new Promise((resolve) => setTimeout(resolve, 1000))]);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        log.push(`end ${call.id}`);
        inFlight--;
        return { status: 'done', content: `${call.id} ok` };
      },
    });
    assert.equal(result.outcome, 'done');
    assert.equal(mostReads, 3);
    assert.equal(mostWithEdit, 1);
    assert.deepEqual(log.slice(0, 3), ['start r1', 'start r2', 'start r3']);
    assert.deepEqual(log.slice(6), ['start e1', 'end e1', 'start e2', 'end e2', 'start r4', 'end r4']);
    assert.deepEqual(
      (sentMessages(1) as ChatMessage[]).slice(3).map((message) => (message.role === 'tool' ? message.tool_call_id : '')),
      ['r1', 'r2', 'r3', 'e1', 'e2', 'r4'],
    );
  });

  it('edits ask once their preview is shown, through the same approver; a rejection (with its reason) goes back to the model and the edit is not applied', async () => {
    server.script(
      toolCallsTurn([
        { id: 'e1', name: 'replace_in_file', arguments: '{"path":"a.ts","old_text":"a","new_text":"b"}' },
        { id: 'r1', name: 'read_file', arguments: '{"path":"a.ts"}' },
      ]),
      textTurn('Understood.'),
    );
    const asked: [string, unknown][] = [];
    const { result, events, executed } = await run({
      approve: async (call, _signal, preview) => {
        asked.push([call.id, preview]);
        return { approved: false, reason: 'wrong file' };
      },
    });
    assert.deepEqual(asked, [['e1', { path: 'a.ts', summary: 'lines 1–1' }]], 'the read ran without asking; the edit was asked about with its preview');
    assert.deepEqual(executed.map((call) => call.id), ['r1']);
    assert.deepEqual(result.messages[1], {
      role: 'tool',
      tool_call_id: 'e1',
      content: 'The user rejected this replace_in_file call, so it was not run. Their reason: "wrong file". Do not repeat it unless the user asks for it.',
    });
    assert.deepEqual(statuses(events, 'e1'), ['queued', 'running', 'awaiting-approval', 'rejected']);
  });

  it('reads ask before they run when the rule says so (askBeforeReading), with no preview', async () => {
    server.script(toolCallsTurn([{ id: 'r1', name: 'read_file', arguments: '{"path":"a.ts"}' }]), textTurn('Read.'));
    const asked: [string, unknown][] = [];
    const { events, executed } = await run({
      needsApproval: () => true,
      approve: async (call, _signal, preview) => {
        asked.push([call.id, preview]);
        return { approved: true };
      },
    });
    assert.deepEqual(asked, [['r1', undefined]]);
    assert.deepEqual(executed.map((call) => call.id), ['r1']);
    assert.deepEqual(statuses(events, 'r1'), ['queued', 'awaiting-approval', 'running', 'done']);
  });

  it('an approved edit goes back to running, then done', async () => {
    server.script(toolCallsTurn([{ id: 'e1', name: 'create_file', arguments: '{"path":"b.ts","content":"x"}' }]), textTurn('Made it.'));
    const { events, executed } = await run();
    assert.deepEqual(executed.map((call) => call.id), ['e1']);
    assert.deepEqual(statuses(events, 'e1'), ['queued', 'running', 'awaiting-approval', 'running', 'done']);
  });

  it('the host may reject inside runTool too (after showing the diff), and needsApproval follows the settings', async () => {
    server.script(
      toolCallsTurn([
        { id: 'e1', name: 'create_file', arguments: '{"path":"b.ts","content":"x"}' },
        { id: 'e2', name: 'replace_in_file', arguments: '{"path":"a.ts","old_text":"a","new_text":"b"}' },
      ]),
      textTurn('OK.'),
    );
    const { result } = await run({
      approve: undefined,
      needsApproval: (call) => call.name !== 'create_file', // autoApprove: ["create_file"]
      runTool: async () => ({ status: 'rejected' }),
    });
    assert.equal((result.messages[1] as { content: string }).content, 'The user rejected this create_file call, so it was not run. Do not repeat it unless the user asks for it.');
    assert.equal((result.messages[2] as { content: string }).content, "Not run: replace_in_file needs the user's approval, and there was no one to ask.");
  });

  it('a tool that throws or fails gives a failed result and the loop goes on', async () => {
    server.script(
      toolCallsTurn([
        { id: 'r1', name: 'read_file', arguments: '{"path":"missing.ts"}' },
        { id: 'r2', name: 'list_files', arguments: '{}' },
      ]),
      textTurn('It is missing.'),
    );
    const { result, events } = await run({
      runTool: async (call) => {
        if (call.id === 'r1') throw new Error('File not found: missing.ts');
        return { status: 'failed', content: 'The workspace has no files.', preview: 'no files' };
      },
    });
    assert.equal(result.outcome, 'done');
    assert.equal((result.messages[1] as { content: string }).content, 'read_file failed: File not found: missing.ts');
    assert.equal((result.messages[2] as { content: string }).content, 'The workspace has no files.');
    const finished = events.flatMap((event) => (event.type === 'toolCall' && event.call.id === 'r2' && event.call.status === 'failed' ? [event.call.preview] : []));
    assert.deepEqual(finished, ['no files']);
  });

  it('works the same with non-streamed answers', async () => {
    server.script(toolCallsTurn([{ id: 'r1', name: 'read_file', arguments: '{"path":"a.ts"}' }]), textTurn('Read it.'));
    const { result, executed } = await run({ stream: false });
    assert.equal(result.outcome, 'done');
    assert.equal(executed.length, 1);
    assert.equal((server.requests[1]?.body as { stream: boolean }).stream, false);
  });

  it('a server error ends the loop with "error", keeping what was done before', async () => {
    server.script(toolCallsTurn([{ id: 'r1', name: 'read_file', arguments: '{"path":"a.ts"}' }]), faultTurn({ type: 'status', status: 500, body: 'openai', message: 'boom' }));
    const { result } = await run();
    assert.equal(result.outcome, 'error');
    assert.match(String((result.error as Error).message), /boom/);
    assert.equal(result.messages.length, 2, 'the first round and its result');
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result } = await run({ signal: controller.signal });
    assert.equal(result.outcome, 'stopped');
    assert.equal(server.requests.length, 0);
  });
});
