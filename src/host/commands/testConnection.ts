// "Test Connection": says which URL it calls, lists the server's models and sends a one-token request, then reports
// status and latency, or the exact error and its fix.
import * as vscode from 'vscode';
import { buildChatRequest, describeError, formatMs, messageOf, requestSettingsFor, type ErrorAction } from '../../core';
import type { ClientFactory } from '../clientFactory';
import type { Log } from '../log';
import { showError } from '../showError';

export interface ConnectionReport {
  ok: boolean;
  url: string;
  models: string[] | undefined;
  modelsMs: number | undefined;
  model: string | undefined;
  answerMs: number | undefined;
  message: string;
  error?: { message: string; actions: ErrorAction[] };
}

export async function testConnection(factory: ClientFactory, log: Log): Promise<ConnectionReport> {
  let url = '(settings invalid)';
  try {
    const { client, settings } = await factory.create();
    url = client.urls.chatCompletions;
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Ask Model: testing ${url}…` }, async () => {
      const startedModels = performance.now();
      const models = await client.listModels({ signal: AbortSignal.timeout(20_000) });
      const modelsMs = performance.now() - startedModels;
      const model = settings.model || models?.[0];
      if (!model) {
        const message = `Reached ${client.urls.models} in ${formatMs(modelsMs)}, but the server lists no models and askModel.model is empty. Set a model to finish the test.`;
        void vscode.window.showWarningMessage(`Ask Model: ${message}`, 'Select Model').then((pick) => pick && vscode.commands.executeCommand('askModel.selectModel'));
        return { ok: false, url, models, modelsMs, model: undefined, answerMs: undefined, message };
      }
      const request = buildChatRequest({
        settings: { ...requestSettingsFor({ ...settings, model }, 'test-connection'), stream: false, extraBody: { ...settings.extraBody, max_tokens: 1 } },
        messages: [{ role: 'user', content: 'Reply with OK.' }],
      });
      const startedAnswer = performance.now();
      const result = await client.complete(request, { signal: AbortSignal.timeout(Math.max(settings.firstByteTimeoutMs, 30_000)) });
      const answerMs = performance.now() - startedAnswer;
      const listed = models === undefined ? 'no model list (GET /v1/models not offered)' : `${models.length} model(s)${models.length ? `: ${models.slice(0, 8).join(', ')}${models.length > 8 ? ', …' : ''}` : ''}`;
      const message = `Connected to ${url}. ${listed}, listed in ${formatMs(modelsMs)}. A one-token answer from ${result.done?.model ?? model} took ${formatMs(answerMs)}.`;
      log.info(`test-connection: ${message}`);
      void vscode.window.showInformationMessage(`Ask Model: ${message}`);
      return { ok: true, url, models, modelsMs, model, answerMs, message };
    });
  } catch (error) {
    log.error(`test-connection: ${messageOf(error)}`);
    void showError(error, { retry: () => testConnection(factory, log) });
    return { ok: false, url, models: undefined, modelsMs: undefined, model: undefined, answerMs: undefined, message: messageOf(error), error: describeError(error, true) };
  }
}
