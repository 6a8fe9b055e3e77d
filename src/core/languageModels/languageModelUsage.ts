// The token usage a provider reports at the end of its answer, for VS Code's chat: Copilot Chat reads a
// `LanguageModelDataPart` of MIME type `usage` whose data is UTF-8 JSON in OpenAI's `usage` shape, the last valid one
// of an answer winning, and feeds its context-window indicator with it; without one the indicator stays at 0 tokens
// (microsoft/vscode extensions/copilot/src/platform/endpoint/vscode-node/extChatEndpoint.ts,
// `parseExtensionContributedUsage` and `makeChatRequest2`, and `CustomDataPartMimeTypes.Usage` in
// extensions/copilot/src/platform/endpoint/common/endpointTypes.ts, both read at commit
// 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd). Copilot takes any field missing as 0, so the report carries only what the
// server counted: a count that is missing, null, not a number, negative or fractional is left out, and a usage with
// none gives no report at all (a report of zeros would be invented).
//
// `prompt_tokens` is what the window held, in OpenAI's sense (the cached part included), read as the chat reads it
// (context/promptUsage.ts: Anthropic's `input_tokens` and its cache fields, DeepSeek's hit and miss counts); the
// cached part is `prompt_tokens_details.cached_tokens`, else Anthropic's `cache_read_input_tokens`, else DeepSeek's
// `prompt_cache_hit_tokens`.
import { windowPromptTokens } from '../context/promptUsage';
import type { Usage } from '../protocol/messages';

/** Copilot's `CustomDataPartMimeTypes.Usage`. */
export const USAGE_PART_MIME_TYPE = 'usage';

/** The report, as Copilot's `APIUsage` names its fields (each only when the server counted it). */
export interface LanguageModelUsageReport {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens: number };
  completion_tokens_details?: { reasoning_tokens: number };
}

/** The report of a server's `usage`; undefined when it counted nothing. */
export function languageModelUsageReport(usage: Usage | undefined | null): LanguageModelUsageReport | undefined {
  if (!isRecord(usage)) return undefined;
  const prompt = count(windowPromptTokens(usage));
  const completion = count(usage.completion_tokens) ?? count(usage['output_tokens']);
  const total = count(usage.total_tokens);
  const cached = count(field(usage['prompt_tokens_details'], 'cached_tokens')) ?? count(usage['cache_read_input_tokens']) ?? count(usage['prompt_cache_hit_tokens']);
  const reasoning = count(field(usage['completion_tokens_details'], 'reasoning_tokens'));
  const report: LanguageModelUsageReport = {
    ...(prompt === undefined ? {} : { prompt_tokens: prompt }),
    ...(completion === undefined ? {} : { completion_tokens: completion }),
    ...(total === undefined ? {} : { total_tokens: total }),
    ...(cached === undefined ? {} : { prompt_tokens_details: { cached_tokens: cached } }),
    ...(reasoning === undefined ? {} : { completion_tokens_details: { reasoning_tokens: reasoning } }),
  };
  return Object.keys(report).length === 0 ? undefined : report;
}

/** The usage part's MIME type and bytes (UTF-8 JSON), for the host to wrap in VS Code's class; undefined without a report. */
export function languageModelUsagePart(usage: Usage | undefined | null): { mimeType: string; data: Uint8Array } | undefined {
  const report = languageModelUsageReport(usage);
  return report === undefined ? undefined : { mimeType: USAGE_PART_MIME_TYPE, data: new TextEncoder().encode(JSON.stringify(report)) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/** A token count as a server means one: a whole number, not negative. */
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
