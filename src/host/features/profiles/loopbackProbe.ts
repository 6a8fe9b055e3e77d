// The local-server probe's one request: a GET with node:http to a loopback address, no agent (so no proxy: VS Code's
// proxy settings are for reaching other machines, and a loopback request sent through a proxy would reach the proxy's
// own machine instead), no redirect followed (a 3xx is an answer like any other, never a hop off this machine), a
// byte cap on the body, and the caller's time limit. A URL whose host is not loopback is refused before anything is
// sent: the probe's addresses are built from constants (core's localServers.ts), and this keeps it so.
import * as http from 'node:http';
import type { LocalProbePort } from '../../../core';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Enough for a model list of a few hundred models; a bigger body is not a discovery answer worth reading. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const loopbackProbe: LocalProbePort = (url, signal) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    if (!LOOPBACK.has(target.hostname) || target.protocol !== 'http:') {
      reject(new Error(`the local-server probe asks only loopback addresses over http, not ${target.host}`));
      return;
    }
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const request = http.get(
      { host: target.hostname.replace(/^\[|\]$/g, ''), port: target.port, path: `${target.pathname}${target.search}`, agent: false, headers: { accept: 'application/json' }, signal },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) response.destroy();
          else chunks.push(chunk);
        });
        response.on('close', () => resolve({ status: response.statusCode ?? 0, json: parseJson(size > MAX_BODY_BYTES ? '' : Buffer.concat(chunks).toString('utf8')) }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0, json: undefined }));
      },
    );
    request.on('error', reject);
  });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
