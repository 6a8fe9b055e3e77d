// The side-panel webview. It holds no state of its own and knows no controller: it fires each parsed message from
// the view as an event (the controller subscribes) and delivers what is posted to it. On `ready`, and whenever the view
// becomes visible again, the controller answers with the whole state; posts made before `ready` wait in a queue.
// Every message from the view is parsed; anything that does not parse is logged and dropped.
import * as vscode from 'vscode';
import { parseViewMessage, type HostMessage, type ViewMessage } from '../../../core';
import type { Log } from '../../platform/log/log';
import { chatHtml } from './chatHtml';
import { CHAT_VIEW_ID } from './chatIds';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  private queue: HostMessage[] = [];
  private readonly received = new vscode.EventEmitter<ViewMessage>();
  /** Each message from the view that parsed, in order. */
  readonly onDidReceiveMessage = this.received.event;
  /** Rejected view messages, for the security tests and the log. */
  rejected = 0;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: Log,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    view.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
    view.webview.html = chatHtml(view.webview, this.extensionUri, vscode.Uri.joinPath);
    const subscriptions = [
      view.webview.onDidReceiveMessage((data: unknown) => this.receive(data)),
      view.onDidChangeVisibility(() => {
        // A hidden webview is torn down; when it comes back it says `ready` again and gets the state then.
        if (!view.visible) this.ready = false;
      }),
    ];
    view.onDidDispose(() => {
      subscriptions.forEach((subscription) => subscription.dispose());
      if (this.view === view) {
        this.view = undefined;
        this.ready = false;
      }
    });
  }

  /** Shows the view and puts the cursor in the message box. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
    this.post({ type: 'focusInput' });
  }

  /** Delivers `message` to the view, or queues it until the view is ready. */
  post(message: HostMessage): void {
    if (!this.view || !this.ready) {
      // `state` replaces everything queued before it; the queue stays short.
      if (message.type === 'state') this.queue = [];
      this.queue.push(message);
      return;
    }
    void this.view.webview.postMessage(message);
  }

  private receive(data: unknown): void {
    const parsed = parseViewMessage(data);
    if (!parsed.ok) {
      this.rejected++;
      this.log.warn(`chat view: rejected a message of unexpected shape (${parsed.problem})`);
      return;
    }
    if (parsed.message.type === 'ready') {
      // Whatever was queued is superseded by the state the controller sends on `ready`, except a focus request.
      this.ready = true;
      const queued = this.queue.filter((message) => message.type === 'focusInput');
      this.queue = [];
      this.received.fire(parsed.message);
      queued.forEach((message) => this.post(message));
      return;
    }
    this.received.fire(parsed.message);
  }

  dispose(): void {
    this.received.dispose();
  }
}
