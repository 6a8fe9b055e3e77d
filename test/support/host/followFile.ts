// Streams a file that another process appends to (the Mocha report the extension host writes) to our stdout.
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface FollowedFile {
  /** Copies what is left, then stops following. */
  stop(): void;
}

export function followFile(file: string, write: (chunk: string) => void, intervalMs = 200): FollowedFile {
  let offset = 0;
  const decoder = new StringDecoder('utf8'); // a multi-byte character may be split across two reads
  const copyNew = (): void => {
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch {
      return; // not created yet
    }
    try {
      const buffer = Buffer.alloc(64 * 1024);
      for (;;) {
        const read = fs.readSync(fd, buffer, 0, buffer.length, offset);
        if (read === 0) break;
        offset += read;
        const text = decoder.write(buffer.subarray(0, read));
        if (text) write(text);
      }
    } finally {
      fs.closeSync(fd);
    }
  };
  const timer = setInterval(copyNew, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      copyNew();
    },
  };
}
