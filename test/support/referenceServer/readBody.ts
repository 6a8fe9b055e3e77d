// Reads a request body for recording: parsed JSON when it parses, the raw text otherwise.
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export type ReadBody =
  | { kind: 'json'; value: unknown; text: string }
  | { kind: 'text'; value: string; text: string }
  | { kind: 'tooLarge'; value: string; text: string };

export function readBody(req: IncomingMessage): Promise<ReadBody> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size <= MAX_BODY_BYTES) parts.push(part);
    });
    const finish = () => {
      if (size > MAX_BODY_BYTES) {
        const note = `[request body of ${size} bytes exceeds the ${MAX_BODY_BYTES}-byte limit]`;
        resolve({ kind: 'tooLarge', value: note, text: note });
        return;
      }
      resolve(interpret(Buffer.concat(parts).toString('utf8')));
    };
    req.on('end', finish);
    // An aborted upload records what arrived; the response is then moot.
    req.on('error', finish);
  });
}

function interpret(text: string): ReadBody {
  if (text.trim() === '') return { kind: 'text', value: text, text };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown, text };
  } catch {
    return { kind: 'text', value: text, text };
  }
}
