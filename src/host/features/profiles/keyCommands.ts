// "Set API Key" and "Clear API Key": the key goes straight from a password box into SecretStorage, for the active
// profile (apiKeyStore.ts says where). It is never echoed, logged or written to settings.
import * as vscode from 'vscode';
import { resolveServiceUrls } from '../../../core';
import type { ApiKeyStore, KeyOwner } from '../../platform/clients/apiKeyStore';
import { readSettings } from '../../platform/settings/settings';
import { showError } from '../../platform/ui/showError';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';

export interface SetApiKeyArgs {
  /** Store this key without asking (automation and tests). */
  apiKey?: string;
}

/** Set API Key; registerCommands.ts registers it at activation and loads this on its first run. */
export async function setApiKey(keys: ApiKeyStore, args?: SetApiKeyArgs): Promise<boolean> {
  const server = currentServer();
  if (!server) return false;
  const key =
    typeof args?.apiKey === 'string'
      ? args.apiKey
      : await vscode.window.showInputBox({
          title: 'Ask Model: Set API Key',
          prompt: `API key for the profile "${server.profile}" (${server.display}); stored in VS Code's secret storage, sent only to this server`,
          password: true,
          ignoreFocusOut: true,
          placeHolder: 'sk-…',
          validateInput: (value) => (value.trim() === '' ? 'Enter the key, or use "Ask Model: Clear API Key" to remove it.' : /\s/.test(value.trim()) ? 'A key has no spaces.' : undefined),
        });
  if (!key || key.trim() === '') return false;
  await keys.set(server, key);
  walkthroughStepDone('setKey');
  void vscode.window.showInformationMessage(`Ask Model: API key stored for the profile "${server.profile}" (${server.display}).`);
  return true;
}

/** Clear API Key, registered the same way. */
export async function clearApiKey(keys: ApiKeyStore): Promise<boolean> {
  const server = currentServer();
  if (!server) return false;
  await keys.clear(server);
  void vscode.window.showInformationMessage(`Ask Model: API key removed for the profile "${server.profile}" (${server.display}).`);
  return true;
}

function currentServer(): (KeyOwner & { display: string }) | undefined {
  try {
    const { baseUrl, profile, profileShared } = readSettings();
    const url = new URL(resolveServiceUrls(baseUrl).chatCompletions);
    return { profile, baseUrl, shared: profileShared, display: `${url.host}${profileShared ? ", shared by this workspace's settings" : ''}` };
  } catch (error) {
    void showError(error);
    return undefined;
  }
}
