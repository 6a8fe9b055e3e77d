// One chat answer over a history longer than a 2,048-token slot of the tiny model, run the way the chat runs it
// (runAnswer with a context fitter that learns the window from the server's overflow): shared by the peer tier's
// direct and through-the-gateway suites, which assert on what it records.
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import type { ChatClient } from '../../../src/core/client/chatClient';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import { contextFitterFor, type PreparedRun, runAnswer } from '../../../src/core/run/preparedRun';
import { FakeContextMemory } from '../fakes/chat/fakeChatSessionPorts';
import { fakeRun } from '../fakes/run/fakeRun';

/** Turns of a conversation about this project's build, about 3,000 characters in all: at the tiny model's roughly one
 * token per character, well past one 2,048-token slot. */
export function longHistory(): ChatMessage[] {
  const history: ChatMessage[] = [];
  for (let turn = 1; turn <= 6; turn++) {
    history.push({ role: 'user', content: `Question ${turn}: why does step ${turn} of the build take so long, and what would make it faster? ` + 'Please be specific. '.repeat(3) });
    history.push({ role: 'assistant', content: `Step ${turn} spends most of its time type checking the whole project again. ` + 'Checking only the files that changed would help. '.repeat(6) });
  }
  history.push({ role: 'user', content: 'So what now?' });
  return history;
}

export interface OverflowRun {
  result: Awaited<ReturnType<typeof runAnswer>>;
  /** The errors the fitter was given on its second try: what the client made of the server's overflow. */
  overflows: unknown[];
  memory: FakeContextMemory;
  summaryRequests: ChatMessage[][];
}

/** Answers longHistory() through `client` with no window known beforehand. */
export async function runOverflowConversation(client: ChatClient, model: string): Promise<OverflowRun> {
  const settings = { model, stream: true, metadata: { tags: [], generationName: '', traceUserId: '' }, extraBody: {} };
  const memory = new FakeContextMemory(undefined);
  const summaryRequests: ChatMessage[][] = [];
  const run: PreparedRun = {
    ...fakeRun({ model }).run,
    model,
    profile: undefined,
    prices: undefined,
    systemPrompt: '',
    client,
    buildRequest: (messages) => buildChatRequest({ settings, messages }),
    tools: undefined,
    answered: () => undefined,
    toolDefinitions: [],
    contextMemory: memory,
    summarise: async (messages, maxTokens, signal) => {
      summaryRequests.push(messages);
      const request = buildChatRequest({ settings: { ...settings, modelOptions: { maxOutputTokens: maxTokens, outputLimitField: 'max_tokens', toolsAllowed: false } }, messages });
      return (await client.complete(request, { signal })).text;
    },
    compacted: () => undefined,
  };
  const overflows: unknown[] = [];
  const context = contextFitterFor(run);
  const fit = context.fit.bind(context);
  context.fit = (messages, signal, overflow) => {
    if (overflow) overflows.push(overflow);
    return fit(messages, signal, overflow);
  };
  const result = await runAnswer(run, { messages: longHistory(), signal: new AbortController().signal, context });
  return { result, overflows, memory, summaryRequests };
}
