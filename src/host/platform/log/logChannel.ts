// The `Ask Model` log channel, created at activation. What goes into it, and how, is log.ts, which loads with the
// features that write there (it needs the core's formatting).
import * as vscode from 'vscode';
import type { Log } from './log';

export function createLog(): Log {
  return vscode.window.createOutputChannel('Ask Model', { log: true });
}
