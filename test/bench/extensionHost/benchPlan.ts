// What the bench process and its in-host entry tell each other, through files (the extension host's environment is
// fixed when code-server starts, so a plan file the bench rewrites before each workbench start says what to do).
import type { ListFilesArgs, SearchTextArgs } from '../../../src/core/tools/workspaceTools';

export const OURS_ID = 'ask-model.ask-model';
export const FLOOR = { publisher: 'bench-floor', name: 'activation-floor' } as const;
export const FLOOR_ID = `${FLOOR.publisher}.${FLOOR.name}`;
/** The floor's language model vendor, contributed in its manifest (buildInHost.ts) as ours is in package.json. */
export const FLOOR_LANGUAGE_MODEL_VENDOR = 'ask-model-bench-floor';

/**
 * The floor registers one command per command of ours (test/unit/support/benchFloor.test.ts holds the two lists
 * together).
 */
export const FLOOR_COMMANDS = [
  'ask',
  'saveAnswer',
  'openChat',
  'newChat',
  'chat.addSelection',
  'compactChat',
  'exportChat',
  'importChat',
  'chat.revertAnswerEdits',
  'chat.viewAnswerChanges',
  'chat.restoreToHere',
  'chat.redoRestore',
  'editSelection',
  'acceptEdit',
  'rejectEdit',
  'setApiKey',
  'clearApiKey',
  'selectProfile',
  'addProfile',
  'findLocalServers',
  'getStarted',
  'testConnection',
  'selectModel',
  'showLog',
  'stop',
  'manageModels',
  'completions.menu',
  'completions.toggle',
  'completions.toggleLanguage',
  'completions.snooze',
  'completions.selectModel',
  'completions.accepted',
  'walkthrough.stepDone',
  'writeCommitMessage',
];
/** The bench entry's folder is also an extension (the workbench wants one); its `main` is the load probe. */
export const ENTRY = { publisher: 'ask-model-bench', name: 'bench-entry' } as const;
export const ENTRY_ID = `${ENTRY.publisher}.${ENTRY.name}`;

/** Names the plan file; set in code-server's environment, so every extension host it starts inherits it. */
export const PLAN_ENV = 'ASK_MODEL_BENCH_PLAN';
/** A folder: the load probe writes a CPU profile of each contender's load there (a diagnosis run; see loadProbe.ts). */
export const PROFILE_LOAD_ENV = 'ASK_MODEL_BENCH_PROFILE_LOAD';

export interface BenchPlan {
  /** 1-based: which workbench start this is. */
  start: number;
  /** Where the entry writes its StartResult (JSON). */
  resultFile: string;
  /** Progress lines, appended; the bench follows the file and echoes it to stderr. */
  progressFile: string;
  /** Only the first start times the tools; every start times activation. */
  tools?: ToolPlan;
  /** Only the first start measures a command's output in the host. */
  commandMemory?: CommandMemoryPlan;
}

/** run_command printing `megabytes` MB, against a peer that discards the same output, in alternating rounds. */
export interface CommandMemoryPlan {
  megabytes: number;
  rounds: number;
}

/** The peak growth of the host's resident memory in each round, in MB. */
export interface CommandMemory {
  megabytes: number;
  oursMb: number[];
  peerMb: number[];
  vscodeVersion: string;
}

export interface ToolPlan {
  scenarios: ToolScenario[];
  warmupRounds: number;
  warmupRunsPerRound: number;
  measuredRounds: number;
}

/**
 * One tool call timed against bare ripgrep on the same tree. Items are `path` (list_files) or `path:line`
 * (search_text), workspace-relative; the generator knows every file it wrote, so both answers are checked exactly.
 */
export type ToolScenario = {
  name: string;
  label: string;
  /** The peer's arguments: the rg binary VS Code ships, run in the workspace folder, its whole output read. */
  rgArgs: string[];
  /** Exactly what bare rg must print (it knows nothing of the deny globs). */
  rgExpected: { items: string[] } | { count: number };
  /** What ours must answer: every item, or (capped calls) `count` items, all from `allowed`, and `more` set. */
  oursExpected: { items: string[] } | { count: number; allowed: string[] };
  /** search_text's matches must contain this text (a capped search is checked by what it found, not by where). */
  matchText?: string;
} & ({ tool: 'list_files'; args: ListFilesArgs } | { tool: 'search_text'; args: SearchTextArgs });

export interface ContenderSamples {
  wallMs: number[];
  cpuMs: number[];
}

export interface ToolTimings {
  ripgrep: string;
  vscodeVersion: string;
  scenarios: { name: string; label: string; oursItems: number; oursMore: boolean; rgItems: number; ours: ContenderSamples; rg: ContenderSamples }[];
}

/** One require() of a bundle: wall-clock, and the process's CPU time (its GC and compiler threads included). */
export interface LoadTiming {
  wallMs: number;
  cpuMs: number;
}

export interface StartResult {
  start: number;
  /** activate()'s own figure (performance.now() around its body), ours and the floor extension's. */
  activationMs: number;
  floorActivationMs: number;
  /**
   * The host's own require() of each installed bundle, the first and only one in this host, timed by the load probe
   * (inHost/loadProbe.ts) from the call to its return: resolve, read, compile and module evaluation.
   */
  load: { ours: LoadTiming; floor: LoadTiming; oursFirst: boolean };
  /** The same loads as the host's own performance marks saw them (Date.now(), whole milliseconds): a cross-check. */
  hostMarks: { oursLoadMs: number; floorLoadMs: number } | undefined;
  tools?: ToolTimings;
  commandMemory?: CommandMemory;
  error?: string;
}
