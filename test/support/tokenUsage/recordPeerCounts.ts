// Records what a real llama.cpp server counts for the recorded requests of test/fixtures/token-usage (the pydantic-ai
// cassettes' messages and tools): its /tokenize count of each request's texts, summed as the ServerTokenCounter sums
// them (countedTokens), its count of the whole prompt as its /apply-template renders it (renderedTokens), and the
// prompt tokens the same server reported when the request was sent (`usage.prompt_tokens`, or `n_prompt_tokens` of
// its overflow error when the prompt did not fit). The bench's context suite reads the result (llama-cpp-peer.json)
// to measure the server-counted paths against the server's own count.
// Run: node --import tsx test/support/tokenUsage/recordPeerCounts.ts   (starts ../shared/peer's llama.cpp server)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { ChatClient } from '../../../src/core/client/chatClient';
import { ServerTokenCounter } from '../../../src/core/context/serverTokenCounter';
import { newTokenCountState, tokenCountUrls } from '../../../src/core/context/tokenCountServers';
import { windowPromptTokens } from '../../../src/core/context/promptUsage';
import { startPeer, TINY_MODEL_CONTEXT_TOKENS } from '../peer/startPeer';
import { loadTokenUsageCases } from './tokenUsageCases';

async function main(): Promise<void> {
  const peer = await startPeer({ contextTokens: TINY_MODEL_CONTEXT_TOKENS });
  if ('unavailable' in peer) throw new Error(peer.unavailable);
  try {
    const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: peer.baseUrl, apiKey: peer.apiKey, firstByteTimeoutMs: 60_000, maxRetries: 0 });
    const props = (await (await fetch(new URL('/props', peer.baseUrl))).json()) as { build_info?: string };
    const counter = new ServerTokenCounter({
      state: newTokenCountState(),
      model: peer.model,
      urls: tokenCountUrls(client.urls.chatCompletions),
      port: ({ url, body, signal }) => client.discoveryRequest({ method: 'POST', url, body, signal, required: false }),
      callTimeoutMs: 30_000,
      deadlineMs: 120_000,
    });
    const { commit, cases } = loadTokenUsageCases();
    const recorded = [];
    for (const recordedCase of cases) {
      const prompt = { messages: recordedCase.messages, tools: recordedCase.tools };
      if (!(await counter.prepare(prompt))) throw new Error(`${recordedCase.source.path}: not counted`);
      const countedTokens = counter.count(prompt)!;
      const rendered = counter.countPrompt(prompt);
      if (!rendered?.exact) throw new Error(`${recordedCase.source.path}: not rendered`);
      const request = buildChatRequest({
        settings: { model: peer.model, stream: false, metadata: { tags: [], generationName: 'token-usage', traceUserId: 'bench' }, extraBody: { max_tokens: 1 } },
        messages: recordedCase.messages,
        ...(recordedCase.tools ? { tools: recordedCase.tools } : {}),
      });
      let promptTokens: number | undefined;
      try {
        const result = await client.complete(request);
        promptTokens = windowPromptTokens(result.done?.usage);
      } catch (error) {
        promptTokens = (error as { overflow?: { promptTokens?: number } }).overflow?.promptTokens;
        if (promptTokens === undefined) throw error;
      }
      if (promptTokens === undefined) throw new Error(`${recordedCase.source.path}: no usage`);
      recorded.push({ source: recordedCase.source, countedTokens, renderedTokens: rendered.tokens, promptTokens });
      process.stdout.write('.');
    }
    const file = join(__dirname, '..', '..', 'fixtures', 'token-usage', 'llama-cpp-peer.json');
    const out = { about: 'What the llama.cpp peer (../shared/peer, tiny-test-model, --jinja) counted for the requests of pydantic-ai-cassettes.json: countedTokens by its POST /tokenize (each text, plus 4 per message, as ServerTokenCounter sums them), renderedTokens by its POST /apply-template and /tokenize of the prompt it rendered (add_special, parse_special), promptTokens as its answer reported (usage.prompt_tokens, or n_prompt_tokens of its overflow error). Recorded by test/support/tokenUsage/recordPeerCounts.ts.', server: props.build_info ?? 'llama.cpp', model: peer.model, cassettesCommit: commit, cases: recorded };
    writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
    console.log(`\n${recorded.length} cases -> ${file}`);
  } finally {
    await peer.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
