// The extension's `Ask Model` log channel as code-server writes it to disk: <user data>/logs/<session>/exthost*/
// ask-model.ask-model/Ask Model.log. The UI tier reads it to see what the host did with a message.
import fs from 'node:fs';
import path from 'node:path';

/** The text of every Ask Model log file under the user data folder ('' when none was written yet). */
export function readAskModelLog(userDataDir: string): string {
  const logs = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logs)) return '';
  return fs
    .readdirSync(logs, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'Ask Model.log')
    .sort()
    .map((file) => fs.readFileSync(path.join(logs, file), 'utf8'))
    .join('');
}

/** The log lines that match `pattern`. */
export function askModelLogLines(userDataDir: string, pattern: RegExp): string[] {
  return readAskModelLog(userDataDir)
    .split('\n')
    .filter((line) => pattern.test(line));
}
