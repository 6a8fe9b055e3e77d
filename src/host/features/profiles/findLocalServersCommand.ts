// "Find Local Model Servers": looks on this machine's loopback ports (never another address) and says what answers,
// with Add Profile one click away. Resolves with what was found, for automation and tests.
import * as vscode from 'vscode';
import type { LocalServer } from '../../../core';
import type { Log } from '../../platform/log/log';
import { findServersOnThisMachine } from './profileSources';

export interface FindLocalServersArgs {
  /** Ports to look at besides the usual ones (on loopback). */
  ports?: number[];
  /** Default true: say what was found in a notification. */
  notify?: boolean;
}

export async function findLocalServersCommand(log: Log, args: FindLocalServersArgs = {}): Promise<LocalServer[]> {
  let servers: LocalServer[];
  try {
    servers = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Ask Model: looking for model servers on this machine' }, () => findServersOnThisMachine(log, args.ports ?? []));
  } catch (error) {
    // Only a bad port from automation gets here (the probe itself never throws).
    void vscode.window.showErrorMessage(`Ask Model: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
  if (args.notify !== false) {
    const message =
      servers.length > 0
        ? `Found ${servers.map((server) => `${server.label} at ${server.baseUrl}`).join(', ')}.`
        : 'No model server answered on this machine’s usual ports (Ollama 11434, LM Studio 1234, llama.cpp 8080, vLLM 8000, LiteLLM 4000, Jan 1337, …).';
    void vscode.window.showInformationMessage(`Ask Model: ${message}`, 'Add Profile').then((pick) => pick && vscode.commands.executeCommand('askModel.addProfile'));
  }
  return servers;
}
