// The card's note when a command will run something the model changed in this conversation: `npm test` after the
// model edited package.json or a test file runs the model's code, whoever approves it. A command that runs the
// project's code (a package script, a test runner, a build tool, an interpreter, a script by path) is taken to run
// every changed file; any other command, the changed files its words name.
import { parseCommandLine } from './commandLineParser';
import { isInterpreter, programName, wrapperCommand } from './wrapperCommands';

/** Programs that run the project's own code: its scripts, tests, build files or the file they are given. */
const PROJECT_CODE_RUNNERS = new Set([
  'npm', 'pnpm', 'yarn', 'bun', 'npx', 'pnpx', 'bunx', 'deno', 'mocha', 'jest', 'vitest', 'ava', 'tap', 'c8', 'nyc', 'tsc', 'webpack', 'vite', 'esbuild', 'rollup', 'eslint', 'prettier',
  'pytest', 'py.test', 'tox', 'nox', 'pip', 'pip3', 'uv', 'poetry', 'pipenv',
  'make', 'gmake', 'cmake', 'ctest', 'ninja', 'just', 'cargo', 'go', 'gradle', 'gradlew', 'mvn', 'mvnw', 'ant', 'sbt', 'dotnet', 'msbuild', 'swift',
  'rake', 'bundle', 'rspec', 'composer', 'phpunit', 'mix', 'elixir', 'dune', 'stack', 'cabal',
]);

const SHOWN_PATHS = 5;

/**
 * A note for the card when the command will run something the model changed in this conversation, or undefined.
 * Paths are workspace-relative. A line the parser refuses is read as whitespace-separated words, as the note only
 * informs the person deciding.
 */
export function modelChangedNote(commandLine: string, changedPaths: readonly string[]): string | undefined {
  const changed = [...new Set(changedPaths.map(normalized).filter((path) => path !== ''))];
  if (changed.length === 0) return undefined;
  const parsed = parseCommandLine(commandLine);
  const commands = parsed.ok ? parsed.commands.map((command) => command.words.map((word) => word.text)) : [commandLine.split(/[\s;&|()<>]+/).filter((word) => word !== '')];
  const named = new Set<string>();
  let runsProject = false;
  for (const words of commands) {
    // The program that runs: past assignments (`A=1 node x.js`) and wrappers with their options (`env -i node x.js`).
    const name = words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) && !word.startsWith('-') && !wrapperCommand(word)) ?? '';
    if (runsProjectCode(name)) runsProject = true;
    for (const word of words) {
      const value = normalized(word.startsWith('-') && word.includes('=') ? word.slice(word.indexOf('=') + 1) : word);
      for (const path of changed) if (path === value || path.startsWith(`${value}/`)) named.add(path);
    }
  }
  const files = runsProject ? changed : changed.filter((path) => named.has(path));
  if (files.length === 0) return undefined;
  const shown = files.slice(0, SHOWN_PATHS).join(', ');
  const more = files.length > SHOWN_PATHS ? ` and ${files.length - SHOWN_PATHS} more` : '';
  const what = runsProject ? 'This command runs project code, and the model changed' : 'This command names files the model changed';
  return `${what} in this conversation: ${shown}${more}.`;
}

function runsProjectCode(name: string): boolean {
  if (name === '') return false;
  if (name.includes('/') || name.includes('\\')) return true;
  const program = programName(name);
  return PROJECT_CODE_RUNNERS.has(program) || isInterpreter(program);
}

function normalized(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '').replace(/\/+$/, '');
}
