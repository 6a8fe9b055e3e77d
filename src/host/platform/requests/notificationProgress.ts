// The notification an answer runs under (Ask Model, Edit Selection): its message as the answer goes, and a signal
// that Cancel on the notification or Stop (every request in flight) aborts.
import * as vscode from 'vscode';
import type { ProgressPort } from '../../../core';
import type { ActiveRequests } from './activeRequests';

export function notificationProgress(active: ActiveRequests): ProgressPort {
  return {
    withProgress: (title, work) =>
      Promise.resolve(
        vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) =>
          active.run((signal) => work((message) => progress.report({ message }), signal), token),
        ),
      ),
  };
}
