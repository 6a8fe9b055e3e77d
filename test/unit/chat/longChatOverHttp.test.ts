// The proof at the session level, in plain Node: a 50-turn chat whose every answer first reads a large file of
// this project, whole or 30 lines of it (formatted as the host formats it), against the reference server over HTTP with a 4,096-token
// window counted by the server's own tokenizer (test/support/referenceServer/windowTokens.ts, not our estimate). No
// answer may end in an error, and every chat request the server received must have fitted its window.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { ChatClient } from '../../../src/core/client/chatClient';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { formatFileExcerpt } from '../../../src/core/tools/formatFileExcerpt';
import { toolDefinitions } from '../../../src/core/tools/workspaceTools';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import type { PreparedRun } from '../../../src/core/run/preparedRun';
import { FakeContextMemory, fakeSessionPorts } from '../../support/fakes/chat/fakeChatSessionPorts';
import { fakeRun } from '../../support/fakes/run/fakeRun';
import { startReferenceServer, textTurn, toolCallsTurn, type ReferenceServer } from '../../support/referenceServer';

const WINDOW = 4096;
const MAX_OUTPUT = 512;
const TURNS = 50;
const READ_LINES = 30;
const REPO = resolve(__dirname, '../../..');
/** Real files of this project, 5–14 KB each: what a model asked about this code base would read. */
const FILES = ['src/core/chat/chatSession.ts', 'src/core/tools/toolLoop.ts', 'src/core/context/contextFitter.ts', 'src/core/context/compactConversation.ts', 'src/core/context/summaryRequest.ts', 'src/core/run/prepareRun.ts'];

describe('a 50-turn chat with large file reads against a 4,096-token window (reference server over HTTP)', function () {
  this.timeout(120_000);
  let server: ReferenceServer;

  beforeEach(async () => {
    server = await startReferenceServer({ contextWindow: WINDOW, summaryText: 'The user asked about files of the project; the assistant read them and answered.' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('never ends an answer in an error, and every request fits the window by the server\'s count', async () => {
    const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: server.url, maxRetries: 0 });
    const tools = toolDefinitions(true);
    const settings = { model: 'reference-model', stream: true, metadata: { tags: [], generationName: '', traceUserId: '' }, extraBody: {}, modelOptions: { maxOutputTokens: MAX_OUTPUT, outputLimitField: 'max_tokens' as const, toolsAllowed: true } };
    const ports = fakeSessionPorts({
      tools: { needsApproval: () => false, maxRounds: 3 },
      runTool: async (call) => {
        const { path, start_line: startLine, end_line: endLine } = call.args as { path: string; start_line?: number; end_line?: number };
        const excerpt = formatFileExcerpt(path, readFileSync(join(REPO, path), 'utf8'), { startLine, endLine });
        assert.ok(excerpt.ok);
        return { status: 'done', content: excerpt.text };
      },
    });
    const contextMemory = new FakeContextMemory({ contextWindow: WINDOW, maxOutputTokens: MAX_OUTPUT });
    const run: PreparedRun = {
      ...fakeRun({ model: 'reference-model' }).run,
      model: 'reference-model',
      profile: undefined,
      prices: undefined,
      systemPrompt: 'You answer questions about the code of this project. Read files before answering.',
      client,
      buildRequest: (messages) => buildChatRequest({ settings, messages, tools, toolChoice: 'auto' }),
      tools: { needsApproval: () => false, maxRounds: 3 },
      answered: () => undefined,
      toolDefinitions: tools,
      contextMemory,
      summarise: async (messages: ChatMessage[], maxTokens, signal) => {
        const request = buildChatRequest({ settings: { ...settings, modelOptions: { ...settings.modelOptions, maxOutputTokens: maxTokens } }, messages, tools: [] });
        return (await client.complete(request, { signal })).text;
      },
      compacted: () => undefined,
    };
    const session = new ChatSession({ ...ports, prepareRun: async () => run });

    for (let turn = 1; turn <= TURNS; turn++) {
      const path = FILES[turn % FILES.length]!;
      // Every other turn reads the whole file (up to 40,000 characters, read_file's cap: more than this window holds,
      // so the result is cut to what the window leaves); the others read a part, as the cut result tells a model to.
      const startLine = 1 + ((turn * 40) % 200);
      const read = turn % 2 === 0 ? { path } : { path, start_line: startLine, end_line: startLine + READ_LINES - 1 };
      server.script(toolCallsTurn([{ name: 'read_file', arguments: JSON.stringify(read) }]), textTurn(`Turn ${turn}: ${path} is read; here is what it does, in a few sentences of answer.`));
      await session.send(`Question ${turn}: what does ${path} do?`);
      const answer = ports.archive.list()[0]?.turns.at(-1);
      assert.equal(answer?.role === 'assistant' && answer.status, 'done', `turn ${turn} ended ${JSON.stringify(answer?.role === 'assistant' ? answer.error : answer)}`);
      assert.equal(server.queuedTurns, 0, `turn ${turn} used both scripted answers`);
    }

    assert.deepEqual(ports.errors, []);
    const chatRequests = server.requests.filter((request) => request.path === '/v1/chat/completions');
    const counted = chatRequests.map((request) => request.countedPromptTokens ?? Number.NaN);
    const over = counted.filter((tokens) => !(tokens < WINDOW));
    assert.deepEqual(over, [], `requests over the window (of ${counted.length}: ${counted.join(' ')})`);
    const summaries = chatRequests.filter((request) => (request.body as { tools?: unknown[] }).tools === undefined);
    assert.ok(summaries.length > 0, 'the conversation was summarised at least once');
    console.log(`      ${chatRequests.length} requests (${summaries.length} summary requests); largest prompt ${Math.max(...counted)} of ${WINDOW} tokens`);
  });
});
