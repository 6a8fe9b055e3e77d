// Where the suite's report and a test's own output go. In the extension host `console.*` does not reach a terminal:
// VS Code replaces those methods with accessors that forward to the workbench and ignore assignment, so they cannot be
// redirected. Mocha's reporter and tests write here instead: appended to the file named by ASK_MODEL_TEST_REPORT,
// which the launcher streams to its stdout, or to the console when that variable is not set.
import fs from 'node:fs';
import { format } from 'node:util';

export function reportLine(...data: unknown[]): void {
  const file = process.env.ASK_MODEL_TEST_REPORT;
  if (file) fs.appendFileSync(file, `${format(...data)}\n`);
  else console.log(...data);
}
