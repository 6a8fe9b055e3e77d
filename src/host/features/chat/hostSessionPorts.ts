// The chat session's ports on VS Code: the shared run preparation, the workspace tool runner, approval on the call's
// card, the workspace's stored conversations, the view, real time, random ids, and the host's Stop-all.
import * as vscode from 'vscode';
import { ChatSession, type ChatSessionPorts, type CheckpointRecorder, type HostMessage } from '../../../core';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Log } from '../../platform/log/log';
import type { Runs } from '../../platform/run/runs';
import { readProfiles, readSettings } from '../../platform/settings/settings';
import type { Lazy } from '../../platform/lazyValue';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import type { ConversationStore } from './conversationStore';

export interface HostSessionDeps {
  runs: Runs;
  active: ActiveRequests;
  log: Log;
  store: ConversationStore;
  /** Loaded when the model first calls a tool. */
  tools: Lazy<WorkspaceTools>;
  post: (message: HostMessage) => void;
  /** The workspace's checkpoints (Restore to here). */
  checkpoints?: CheckpointRecorder;
}

export function hostSessionPorts(deps: HostSessionDeps): ChatSessionPorts {
  return {
    prepareRun: (workingFiles, mode) => deps.runs.prepare({ surface: 'chat', workingFiles: urisOf(workingFiles ?? []), mode }),
    runTool: async (call, context) => {
      // A command runs inside the checkpoint's capture, so Restore to here can bring back the files it changed.
      const recorder = deps.checkpoints;
      const captured = recorder && call.kind === 'command' ? { ...context, aroundCommand: <T>(folder: string, run: () => Promise<T>) => recorder.aroundCommand(folder, run) } : context;
      return (await deps.tools()).runTool(call, captured);
    },
    approve: async (call, signal, preview) => (await deps.tools()).approveOnCard(call, signal, preview),
    store: deps.store,
    post: deps.post,
    clock: {
      now: () => Date.now(),
      set: (callback, ms) => setTimeout(callback, ms),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    ids: () => globalThis.crypto.randomUUID(),
    currentServer: () => {
      try {
        const { profile, model } = readSettings();
        return { profile, model, profiles: readProfiles().map((server) => server.name) };
      } catch {
        // An invalid setting shows up when a message is sent; the header just names no model.
        return { profile: '', profiles: [], model: '' };
      }
    },
    requestStarted: (controller) => deps.active.track(controller),
    reportError: (line) => deps.log.error(line),
    ...(deps.checkpoints ? { checkpoints: deps.checkpoints } : {}),
  };
}

export function createChatSession(deps: HostSessionDeps): ChatSession {
  return new ChatSession(hostSessionPorts(deps));
}

/**
 * The attached files' URIs. A chip keeps its path relative to its folder (without the folder's name), so in a
 * multi-root workspace it is looked for in each folder: a folder without the file finds no rules nearer than its own.
 */
function urisOf(paths: readonly string[]): vscode.Uri[] {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return paths.flatMap((path) => (/^(?:\/|[a-z]:)/i.test(path) ? [] : folders.map((folder) => vscode.Uri.joinPath(folder.uri, ...path.split('/')))));
}
