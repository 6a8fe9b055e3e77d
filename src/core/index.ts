// The core's public surface: what the host, the webview and the tests import. Nothing here touches `vscode`.
export * from './errors/AskModelError';
export * from './errors/httpErrors';
export * from './errors/transportErrors';
export { redactSecret, displayUrl } from './errors/redact';
export { extractServerWords } from './errors/serverMessage';
export { findMissingField } from './errors/missingField';
export * from './protocol/messages';
export { resolveServiceUrls, type ServiceUrls } from './request/resolveUrls';
export { buildChatRequest, buildMetadata, type RequestSettings, type MetadataSettings, type ChatRequestInput } from './request/buildChatRequest';
export * from './stream/events';
export { ChatAssembler } from './stream/chatAssembler';
export { SseDecoder } from './stream/sseDecoder';
export { readChunk } from './protocol/chunkReader';
export { ChatClient, type ChatClientOptions, type ChatResult, type ExchangeLogEntry, type RequestOptions } from './client/chatClient';
export { CompatibilityMemory } from './client/compatibilityMemory';
export { parseRetryAfter, backoffDelayMs, decideRetry, isRetryableStatus } from './http/retryPolicy';
