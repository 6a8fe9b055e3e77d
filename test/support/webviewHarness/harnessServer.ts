// Serves the chat view the way VS Code's webview host does, from 127.0.0.1 on a free port: the host's HTML with the
// same Content-Security-Policy (scripts by nonce only, styles and fonts from the server's origin), media/chat.css and
// dist/webview.js, plus the harness script (harnessBrowser.ts, bundled on start) that stands in for VS Code.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT, WEBVIEW_BUNDLE } from './webviewBuild';

export interface HarnessServer {
  /** `http://127.0.0.1:<port>/`; add `?theme=light` etc. */
  readonly url: string;
  close(): Promise<void>;
}

function pageHtml(cspSource: string, nonce: string, withView: boolean): string {
  // The host's template, with the harness script before the webview's (acquireVsCodeApi must exist when it runs).
  // Without the view (`?view=none`) the page is the same but for dist/webview.js: a floor for message transport.
  const view = withView ? `<script nonce="${nonce}" src="${cspSource}/dist/webview.js"></script>` : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource}; script-src 'nonce-${nonce}'; img-src ${cspSource} data:; font-src ${cspSource};">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${cspSource}/media/chat.css" rel="stylesheet"><title>Ask Model</title></head>
<body><div id="app"></div><script nonce="${nonce}" src="${cspSource}/harness.js"></script>${view}</body></html>`;
}

async function bundleHarnessScript(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(__dirname, 'browser', 'harnessBrowser.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export async function startHarnessServer(): Promise<HarnessServer> {
  const harnessScript = await bundleHarnessScript();
  let origin = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const pathname = url.pathname;
    const send = (status: number, type: string, body: string | Buffer): void => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (pathname === '/') send(200, 'text/html; charset=utf-8', pageHtml(origin, randomBytes(16).toString('base64'), url.searchParams.get('view') !== 'none'));
    else if (pathname === '/harness.js') send(200, 'text/javascript; charset=utf-8', harnessScript);
    else if (pathname === '/dist/webview.js') send(200, 'text/javascript; charset=utf-8', fs.readFileSync(WEBVIEW_BUNDLE));
    else if (pathname === '/media/chat.css') send(200, 'text/css; charset=utf-8', fs.readFileSync(path.join(REPO_ROOT, 'media', 'chat.css')));
    else send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
