// Records a real llama.cpp server rendering and counting our prompts: every call ServerTokenCounter makes to it
// (the /tokenize probe and per-text counts, POST /apply-template, /tokenize of the rendered prompt), exactly as sent
// and answered, with the prompt tokens the same server reported when each prompt was sent (`usage.prompt_tokens`).
// Plus two answers the counter must read as such: the server's 404 for a path it does not serve (what a build without
// /apply-template answers) and its 500 for a prompt it cannot render (an image without a projector).
// The unit tests replay the result (test/fixtures/token-usage/llama-cpp-apply-template.json) through the fake port.
// Run: node --import tsx test/support/tokenUsage/recordApplyTemplate.ts   (starts ../shared/peer's llama.cpp server)
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { ChatClient } from '../../../src/core/client/chatClient';
import { ServerTokenCounter } from '../../../src/core/context/serverTokenCounter';
import { newTokenCountState, tokenCountUrls } from '../../../src/core/context/tokenCountServers';
import { windowPromptTokens } from '../../../src/core/context/promptUsage';
import type { ChatMessage, ToolDefinition } from '../../../src/core/protocol/messages';
import type { RecordedExchange } from '../fakes/context/fakeTokenCountPort';
import { startPeer, TINY_MODEL_CONTEXT_TOKENS } from '../peer/startPeer';

const weather: ToolDefinition = {
  type: 'function',
  function: { name: 'get_weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};
const readFile: ToolDefinition = {
  type: 'function',
  function: { name: 'read_file', description: 'Reads a file of the workspace.', parameters: { type: 'object', properties: { path: { type: 'string' }, startLine: { type: 'integer' } }, required: ['path'] } },
};
const plain: ChatMessage[] = [{ role: 'system', content: 'Answer briefly.' }, { role: 'user', content: 'Why is the sky blue? Explain in one line.' }];
const toolRound: ChatMessage[] = [
  { role: 'system', content: 'Use the tools.' },
  { role: 'user', content: 'What is the weather in Paris?' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21 °C.' },
];

/** Each prompt in order; `extends` names a case whose render this one's count is first taken from (no render of its own yet). */
const CASES: { name: string; messages: ChatMessage[]; tools?: ToolDefinition[]; extendsCase?: string }[] = [
  { name: 'no tools', messages: plain },
  { name: 'tools', messages: [{ role: 'user', content: 'What is the weather in Paris?' }], tools: [weather, readFile] },
  { name: 'a tool round', messages: toolRound, tools: [weather, readFile] },
  {
    name: 'no tools, two turns on',
    messages: [...plain, { role: 'assistant', content: 'Shorter wavelengths scatter more.' }, { role: 'user', content: 'And why are sunsets red, then? Say it plainly, with the physics named.' }],
    extendsCase: 'no tools',
  },
];

async function main(): Promise<void> {
  const peer = await startPeer({ contextTokens: TINY_MODEL_CONTEXT_TOKENS });
  if ('unavailable' in peer) throw new Error(peer.unavailable);
  try {
    const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: peer.baseUrl, apiKey: peer.apiKey, firstByteTimeoutMs: 60_000, maxRetries: 0 });
    const props = (await (await fetch(new URL('/props', peer.baseUrl))).json()) as { build_info?: string };
    const cache = join(process.env['ASK_MODEL_CACHE'] ?? join(homedir(), '.cache', 'ask-model'), 'llama-peer');
    // `--version` writes to stderr.
    const versionRun = spawnSync(join(cache, 'llama-server'), ['--version'], { encoding: 'utf8' });
    const version = `${versionRun.stdout}${versionRun.stderr}`.split('\n')[0] ?? '';
    let exchanges: RecordedExchange[] = [];
    const counter = new ServerTokenCounter({
      state: newTokenCountState(),
      model: peer.model,
      urls: tokenCountUrls(client.urls.chatCompletions),
      port: async ({ url, body, signal }) => {
        const reply = await client.discoveryRequest({ method: 'POST', url, body, signal, required: false });
        exchanges.push({ path: new URL(url).pathname, body, status: reply.status, json: reply.json });
        return reply;
      },
      callTimeoutMs: 30_000,
      deadlineMs: 60_000,
    });
    const recorded = [];
    for (const recordedCase of CASES) {
      const prompt = { messages: recordedCase.messages, tools: recordedCase.tools };
      exchanges = [];
      let extendedCount: number | undefined;
      if (recordedCase.extendsCase) {
        // The meter's way: the texts only, the count on the earlier render.
        await counter.prepare(prompt, undefined, { render: false });
        const counted = counter.countPrompt(prompt);
        if (!counted?.exact) throw new Error(`${recordedCase.name}: not counted on the render of ${recordedCase.extendsCase}`);
        extendedCount = counted.tokens;
      }
      if (!(await counter.prepare(prompt))) throw new Error(`${recordedCase.name}: not counted`);
      const counted = counter.countPrompt(prompt)!;
      if (!counted.exact) throw new Error(`${recordedCase.name}: not rendered`);
      const request = buildChatRequest({
        settings: { model: peer.model, stream: false, metadata: { tags: [], generationName: 'token-usage', traceUserId: 'bench' }, extraBody: { max_tokens: 1 } },
        messages: recordedCase.messages,
        ...(recordedCase.tools ? { tools: recordedCase.tools, toolChoice: 'auto' as const } : {}),
      });
      const result = await client.complete(request);
      recorded.push({
        name: recordedCase.name,
        messages: recordedCase.messages,
        ...(recordedCase.tools ? { tools: recordedCase.tools } : {}),
        exchanges,
        countedTokens: counted.tokens,
        perTextTokens: counter.count(prompt),
        ...(extendedCount !== undefined ? { extends: recordedCase.extendsCase, extendedTokens: extendedCount } : {}),
        usage: result.done?.usage,
        promptTokens: windowPromptTokens(result.done?.usage),
      });
      process.stdout.write(`${recordedCase.name}: counted ${counted.tokens}, reported ${windowPromptTokens(result.done?.usage)}\n`);
    }
    const direct = async (path: string, body: unknown): Promise<RecordedExchange> => {
      const reply = await client.discoveryRequest({ method: 'POST', url: new URL(path, peer.baseUrl).toString(), body, signal: AbortSignal.timeout(30_000), required: false });
      return { path, body, status: reply.status, json: reply.json };
    };
    const refusals = [
      await direct('/apply-template-absent', { model: peer.model, messages: plain }),
      await direct('/apply-template', { model: peer.model, messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] }] }),
    ];
    const file = join(__dirname, '..', '..', 'fixtures', 'token-usage', 'llama-cpp-apply-template.json');
    const out = {
      about:
        "A real llama.cpp server rendering and counting prompts for ServerTokenCounter: each case's calls (exchanges: path, body as sent, status and JSON as answered) in order, the count the counter made of them (countedTokens: /tokenize of /apply-template's prompt with add_special and parse_special; perTextTokens: the per-text count before calibration; extendedTokens: the count on the render of the case named by extends, before its own), and the usage the same server reported when the prompt was sent with max_tokens 1 (tools with tool_choice auto). refusals: its 404 for a path it does not serve and its 500 for an image it cannot read. Recorded by test/support/tokenUsage/recordApplyTemplate.ts.",
      server: props.build_info ?? 'llama.cpp',
      version,
      package: 'Debian llama.cpp-tools 1:0.7.0+dfsg-2 (upstream build 11669), unpacked by ../shared/peer/setup-llama-server.sh',
      command: `llama-server -m tiny-test-model.gguf --alias tiny-test-model --host 127.0.0.1 --port <free> --jinja -t 1 -tb 1 --temp 0 -n 256 --no-webui -np 1 -c ${TINY_MODEL_CONTEXT_TOKENS}`,
      model: peer.model,
      cases: recorded,
      refusals,
    };
    writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
    console.log(`${recorded.length} cases -> ${file}`);
  } finally {
    await peer.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
