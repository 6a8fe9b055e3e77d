// The checkpoints suite: what taking a checkpoint adds to a chat turn on a generated 30,000-file git repository. The
// turn runs a real child process (`sed -i` on the files it touches, as an approved command would) with and without
// aroundCommand around it, and applies the same change through the edit tools' capture (edited()), with 1, 10 and 100
// files touched: the overhead should follow the touched files, not the repository. The checkpoint is the real
// recorder with the host's git, disk and content-store ports (src/host/platform/checkpoints/nodeCheckpointPorts.ts);
// VS Code's file watcher (already watching the workspace in the editor) is left out, and the records are kept in
// memory (in VS Code, the workspace state's write). The repository is made once and cached in the temp folder.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, promises as fs, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { CheckpointRecorder } from '../../../src/core/chat/checkpoints/checkpointRecorder';
import type { Checkpoint } from '../../../src/core/chat/checkpoints/checkpoint';
import type { WorkspaceFiles } from '../../../src/core/chat/checkpoints/checkpointPorts';
import { diskPort, FolderBlobs, gitPort, sha256 } from '../../../src/host/platform/checkpoints/nodeCheckpointPorts';
import { runAlternatingRounds } from '../alternatingRounds';
import { median, round, summarize } from '../stats';
import type { BenchSuite, SuiteReport, TableRow } from '../suite';

const run = promisify(execFile);
const FILES = 30_000;
const PER_FOLDER = 100;
const TOUCHED = [1, 10, 100] as const;
const GOAL_MS = 50;
const REPOSITORY = path.join(tmpdir(), `ask-model-bench-checkpoints-${FILES}-v1`);

async function generatedRepository(progress: (line: string) => void): Promise<string> {
  if (existsSync(path.join(REPOSITORY, '.generated'))) return REPOSITORY;
  progress(`checkpoints: generating a ${FILES}-file git repository in ${REPOSITORY} (once)`);
  rmSync(REPOSITORY, { recursive: true, force: true });
  for (let index = 0; index < FILES; index++) {
    const folder = path.join(REPOSITORY, 'src', `module${Math.floor(index / PER_FOLDER)}`);
    if (index % PER_FOLDER === 0) mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `file${index}.ts`), `export const value${index} = 'before';\n// ${'x'.repeat(index % 400)}\n`);
  }
  const git = (...args: string[]) => run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], { cwd: REPOSITORY, maxBuffer: 64 * 1024 * 1024 });
  await git('init', '-q');
  await git('add', '.');
  await git('commit', '-qm', 'generated');
  writeFileSync(path.join(REPOSITORY, '.generated'), '');
  await fs.appendFile(path.join(REPOSITORY, '.git', 'info', 'exclude'), '.generated\n');
  return REPOSITORY;
}

function touchedFiles(count: number): string[] {
  // Spread over the tree, as a refactor's files would be.
  return Array.from({ length: count }, (_, index) => {
    const file = Math.floor((index * FILES) / count);
    return path.join('src', `module${Math.floor(file / PER_FOLDER)}`, `file${file}.ts`);
  });
}

const diskFiles: WorkspaceFiles = {
  read: (file) => diskPort.read(file),
  writable: async () => true,
  write: async (file, bytes) => {
    if (bytes === null) await fs.rm(file, { force: true });
    else await fs.writeFile(file, bytes);
    return true;
  },
  relative: (file) => path.relative(REPOSITORY, file),
};

function recorder(blobs: string): CheckpointRecorder {
  let saved: Checkpoint[] = [];
  let id = 0;
  return new CheckpointRecorder({
    blobs: new FolderBlobs(blobs),
    archive: { load: async () => saved, save: async (checkpoints) => void (saved = JSON.parse(JSON.stringify(checkpoints)) as Checkpoint[]) },
    files: diskFiles,
    git: gitPort,
    disk: diskPort,
    watcher: { watch: () => ({ stop: async () => [] }) },
    digest: sha256,
    ids: () => `bench${++id}`,
    now: () => id,
    reportError: (line) => {
      throw new Error(line);
    },
  });
}

export const checkpointsSuite: BenchSuite = {
  name: 'checkpoints',
  async run(progress): Promise<SuiteReport> {
    const root = await generatedRepository(progress);
    const blobs = mkdtempSync(path.join(tmpdir(), 'ask-model-bench-blobs-'));
    const rows: TableRow[] = [];
    const figures: Record<string, unknown> = { files: FILES };
    try {
      for (const count of TOUCHED) {
        const files = touchedFiles(count);
        let flip = false;
        // The command the turn runs: each run flips the marker, so every run really changes every file.
        const sed = async (): Promise<void> => {
          flip = !flip;
          const [from, to] = flip ? ['before', 'after'] : ['after', 'before'];
          await run('sed', ['-i', `s/'${from}'/'${to}'/`, ...files], { cwd: root });
        };
        const edit = async (): Promise<{ path: string; relativePath: string; before: string; after: string }[]> => {
          flip = !flip;
          const [from, to] = flip ? ['before', 'after'] : ['after', 'before'];
          const changes = [];
          for (const file of files) {
            const absolute = path.join(root, file);
            const before = await fs.readFile(absolute, 'utf8');
            const after = before.replace(`'${from}'`, `'${to}'`);
            await fs.writeFile(absolute, after);
            changes.push({ path: absolute, relativePath: file, before, after });
          }
          return changes;
        };
        let turn = 0;
        const withCheckpoint = recorder(blobs);
        const samples = await runAlternatingRounds<number>(
          [
            { name: 'command', run: async () => (await sed(), 0) },
            {
              name: 'command + checkpoint',
              run: async () => {
                await withCheckpoint.begin('bench', `turn${++turn}`);
                await withCheckpoint.aroundCommand(root, sed);
                withCheckpoint.end();
                return (await withCheckpoint.of('bench')).at(-1)?.files.length ?? -1;
              },
            },
            { name: 'edits', run: async () => (await edit()).length },
            {
              name: 'edits + checkpoint',
              run: async () => {
                await withCheckpoint.begin('bench', `turn${++turn}`);
                for (const change of await edit()) await withCheckpoint.edited(change);
                withCheckpoint.end();
                await withCheckpoint.settled(); // the records written, as a reload would need them
                return (await withCheckpoint.of('bench')).at(-1)?.files.length ?? -1;
              },
            },
          ],
          {
            warmupRounds: 2,
            warmupRunsPerRound: 1,
            measuredRounds: 7,
            // The checkpoint must hold every touched file (the plain runs return what they did).
            check: (name, result) => {
              if (result !== count && result !== 0) throw new Error(`checkpoints: ${name} captured ${result} of ${count} files`);
            },
            progress: (line) => progress(`checkpoints, ${count} touched: ${line}`),
          },
        );
        // Leave the tree clean for the next size (the marker is back only after an even number of flips).
        await run('git', ['checkout', '--', '.'], { cwd: root });
        const wall = (name: string): number[] => samples.get(name)?.wallMs ?? [];
        const added = (contender: string, peer: string): number => round(median(wall(contender)) - median(wall(peer)));
        const commandAdded = added('command + checkpoint', 'command');
        const editAdded = added('edits + checkpoint', 'edits');
        figures[`touched${count}`] = {
          command: summarize(wall('command')),
          commandWithCheckpoint: summarize(wall('command + checkpoint')),
          edits: summarize(wall('edits')),
          editsWithCheckpoint: summarize(wall('edits + checkpoint')),
          commandAddedMs: commandAdded,
          editsAddedMs: editAdded,
        };
        const goal = count === 1 ? { goal: `≤ ${GOAL_MS} ms added`, pass: commandAdded <= GOAL_MS } : {};
        rows.push({
          measure: `checkpoint, ${FILES}-file git repo, a command touching ${count}: added to the turn (median, ${round(median(wall('command')))} ms without)`,
          value: `${commandAdded} ms (${round(median(wall('command + checkpoint')) / median(wall('command')), 2)}×)`,
          ...goal,
        });
        rows.push({
          measure: `checkpoint, ${FILES}-file git repo, edit tools touching ${count}: added to the turn (median, ${round(median(wall('edits')))} ms without)`,
          value: `${editAdded} ms`,
          ...(count === 1 ? { goal: `≤ ${GOAL_MS} ms added`, pass: editAdded <= GOAL_MS } : {}),
        });
      }
    } finally {
      rmSync(blobs, { recursive: true, force: true });
    }
    return { rows, figures };
  },
};
