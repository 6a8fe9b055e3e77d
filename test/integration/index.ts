// The extension-tests entry (`extensionTestsPath`): the same `run()` contract for both launchers (code-server via
// test/support/host/runIntegrationTests.ts, desktop VS Code via electronLauncher.ts). Runs every compiled *.test.js
// beside it with Mocha's bdd UI and the spec reporter, whose output goes through reportLine (see support/testReport).
import Mocha from 'mocha';
import fs from 'node:fs';
import path from 'node:path';
import { reportLine } from './support/testReport';

function findCompiledTests(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .map((file) => path.join(dir, file))
    .sort();
}

export async function run(): Promise<void> {
  Mocha.reporters.Base.consoleLog = reportLine;
  try {
    const mocha = new Mocha({
      ui: 'bdd',
      reporter: 'spec',
      color: process.env.ASK_MODEL_TEST_COLOR === '1',
      timeout: 20_000,
      // ASK_MODEL_TEST_GREP runs only the tests whose full title matches (to re-run one suite while working on it).
      ...(process.env.ASK_MODEL_TEST_GREP ? { grep: process.env.ASK_MODEL_TEST_GREP } : {}),
    });
    const files = findCompiledTests(__dirname);
    if (files.length === 0) throw new Error(`no compiled integration tests (*.test.js) in ${__dirname}`);
    for (const file of files) mocha.addFile(file);
    const failures = await new Promise<number>((resolve) => mocha.run(resolve));
    if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
  } catch (error) {
    reportLine(error instanceof Error ? error.message : String(error));
    throw error;
  }
}
