// Which server a model catalogue belongs to. The client factory peeks at the catalogue by it (token counting, the
// reasoning to send back) and modelCatalogue.ts fills it, so it lives apart from both.
import { resolveServiceUrls, type ExtensionSettings } from '../../../core';

/** One cache entry per server as configured: another URL, header set or key presence is another discovery. */
export function catalogueKey(settings: ExtensionSettings, hasApiKey: boolean): string {
  return JSON.stringify([settings.profile, resolveServiceUrls(settings.baseUrl).chatCompletions, settings.headers, hasApiKey]);
}
