// The chat endpoint's request for a completion, as the host's run makes it: the one request assembly over a profile's
// default settings (no extra body, no overrides), for the tests and the bench that build a completion input by hand.
import { assembleRequests } from '../../src/core/request/requestAssembly';
import type { CompletionInput } from '../../src/core/completions/completionInput';
import { emptyModelInfo } from '../../src/core/protocol/modelInfo';
import { readExtensionSettings } from '../../src/core/settings/extensionSettings';

export function completionChatRequest(model: string, settings: Record<string, unknown> = {}): CompletionInput['chatRequest'] {
  const read = readExtensionSettings((key) => settings[key]);
  const assembly = assembleRequests({ settings: { ...read, model }, surface: 'inline-completion', modelInfo: emptyModelInfo(model) });
  return (messages, maxTokens) => assembly.request(messages, { tools: [], stream: false, maxOutputTokens: maxTokens });
}
