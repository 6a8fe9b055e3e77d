// The fields every completion and chunk of one answer share.
import { randomBytes } from 'node:crypto';

export interface CompletionEnvelope {
  id: string;
  created: number;
  model: string;
}

export function newEnvelope(model: string): CompletionEnvelope {
  return { id: `chatcmpl-${randomBytes(12).toString('hex')}`, created: Math.floor(Date.now() / 1000), model };
}
