// A small stand-in for the `vscode` module, so the host's adapters get plain-Node unit tests (test/unit/host): the
// settings in their layers (user, workspace, folder, as `inspect` gives them, with VS Code's rule that a nearer layer
// replaces a farther one), commands (registered and run), messages and answers to them, status-bar items, the log,
// the providers registered, and the classes the adapters construct. What a test does not set up reads as empty; a
// member nobody implemented is a no-op that returns a disposable, as in a host where the feature is absent.
//
// `installVscodeShim()` makes `require('vscode')` (and `import * as vscode from 'vscode'`) return the one shim object;
// each test starts from `vscodeShim.reset()`. Modules keep the namespace they imported, whose members esbuild's and
// tsx's interop read through to the shim, so a reset is seen everywhere.
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';

export type Layer = 'user' | 'workspace' | 'workspaceFolder';

/** A quick pick or input box answers with this (undefined: the user pressed Escape). */
export type Answer = string | undefined;

interface StatusItem {
  id: string;
  text: string;
  tooltip: string | undefined;
  command: string | undefined;
  backgroundColor: unknown;
  shown: boolean;
}

type Listener<T> = (value: T) => unknown;

class EventEmitter<T> {
  private listeners: Listener<T>[] = [];
  readonly event = (listener: Listener<T>): { dispose(): void } => {
    this.listeners.push(listener);
    return { dispose: () => void (this.listeners = this.listeners.filter((kept) => kept !== listener)) };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

/** An editor tab's input for a text document (what `tab.input instanceof vscode.TabInputText` looks for). */
class TabInputText {
  constructor(readonly uri: { toString(): string }) {}
}

class Disposable {
  constructor(private readonly callback: () => void = () => undefined) {}
  static from(...disposables: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => disposables.forEach((disposable) => disposable.dispose()));
  }
  dispose(): void {
    this.callback();
  }
}

class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query: string,
    readonly fragment: string,
  ) {}
  static file(fsPath: string): Uri {
    return new Uri('file', '', fsPath.split(path.sep).join('/'), '', '');
  }
  static parse(value: string): Uri {
    const url = new URL(value);
    return new Uri(url.protocol.replace(/:$/, ''), url.host, decodeURIComponent(url.pathname), url.search.replace(/^\?/, ''), url.hash.replace(/^#/, ''));
  }
  static from(parts: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(parts.scheme, parts.authority ?? '', parts.path ?? '', parts.query ?? '', parts.fragment ?? '');
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(base.scheme, base.authority, path.posix.join(base.path, ...parts), base.query, base.fragment);
  }
  get fsPath(): string {
    return this.path;
  }
  with(change: Partial<{ scheme: string; authority: string; path: string; query: string; fragment: string }>): Uri {
    return new Uri(change.scheme ?? this.scheme, change.authority ?? this.authority, change.path ?? this.path, change.query ?? this.query, change.fragment ?? this.fragment);
  }
  toString(): string {
    return `${this.scheme}://${this.authority}${this.path}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
}

class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(startLine: number | Position, startCharacter: number | Position, endLine?: number, endCharacter?: number) {
    this.start = startLine instanceof Position ? startLine : new Position(startLine, startCharacter as number);
    this.end = startCharacter instanceof Position ? startCharacter : new Position(endLine as number, endCharacter as number);
  }
}

class ThemeColor {
  constructor(readonly id: string) {}
}

class InlineCompletionItem {
  constructor(
    readonly insertText: string,
    readonly range?: Range,
    readonly command?: unknown,
  ) {}
}

class CancellationTokenSource {
  private readonly cancelled = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.cancelled.event };
  cancel(): void {
    this.token.isCancellationRequested = true;
    this.cancelled.fire();
  }
  dispose(): void {
    this.cancelled.dispose();
  }
}

class LanguageModelTextPart {
  constructor(readonly value: string) {}
}

class LanguageModelToolCallPart {
  constructor(
    readonly callId: string,
    readonly name: string,
    readonly input: object,
  ) {}
}

class LanguageModelToolResultPart {
  constructor(
    readonly callId: string,
    readonly content: unknown[],
  ) {}
}

class LanguageModelDataPart {
  constructor(
    readonly data: Uint8Array,
    readonly mimeType: string,
  ) {}
}

class LanguageModelError extends Error {
  constructor(
    message?: string,
    readonly code = 'Unknown',
  ) {
    super(message);
  }
  static NoPermissions(message?: string): LanguageModelError {
    return new LanguageModelError(message, 'NoPermissions');
  }
  static Blocked(message?: string): LanguageModelError {
    return new LanguageModelError(message, 'Blocked');
  }
  static NotFound(message?: string): LanguageModelError {
    return new LanguageModelError(message, 'NotFound');
  }
}

const ConfigurationTarget = { Global: 1, Workspace: 2, WorkspaceFolder: 3 } as const;
const LAYER_OF_TARGET: Record<number, Layer> = { 1: 'user', 2: 'workspace', 3: 'workspaceFolder' };

/** A message the extension showed, and the button the test had it answer. */
export interface ShownMessage {
  level: 'info' | 'warning' | 'error';
  text: string;
  buttons: string[];
}

/** Each setting's default as package.json declares it, as VS Code reads them. */
const DEFAULTS: Record<string, unknown> = (() => {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default?: unknown }> } | { properties: Record<string, { default?: unknown }> }[] } };
  const sections = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
  return Object.fromEntries(sections.flatMap((section) => Object.entries(section.properties).filter(([, property]) => property.default !== undefined).map(([key, property]) => [key, property.default])));
})();

/** What one test set up and what the code under test did, read by the test. */
export class ShimState {
  /** askModel.* (and other sections') values by layer, keyed `section.key`; `defaults` as package.json declares them. */
  readonly layers: Record<Layer | 'defaults', Record<string, unknown>> = { defaults: structuredClone(DEFAULTS), user: {}, workspace: {}, workspaceFolder: {} };
  trusted = true;
  readonly commands = new Map<string, (...args: unknown[]) => unknown>();
  /** Commands run through executeCommand, with their arguments. */
  readonly executed: { command: string; args: unknown[] }[] = [];
  readonly messages: ShownMessage[] = [];
  /** What the next messages answer, in order (a button's label; undefined: dismissed). */
  readonly messageAnswers: Answer[] = [];
  /** What the next quick picks and input boxes answer, in order. */
  readonly pickAnswers: Answer[] = [];
  readonly inputAnswers: Answer[] = [];
  readonly statusItems: StatusItem[] = [];
  readonly logLines: string[] = [];
  readonly inlineProviders: unknown[] = [];
  readonly languageModelProviders = new Map<string, unknown>();
  readonly configurationChanged = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();
  readonly activeEditorChanged = new EventEmitter<unknown>();
  /** Extensions by id (the git extension for the commit message). */
  readonly extensions = new Map<string, unknown>();
  activeTextEditor: unknown = undefined;
}

function configurationOf(state: ShimState, section: string | undefined): unknown {
  const full = (key: string): string => (section ? `${section}.${key}` : key);
  const layered = (key: string): unknown => {
    for (const layer of ['workspaceFolder', 'workspace', 'user', 'defaults'] as const) {
      if (Object.hasOwn(state.layers[layer], full(key))) return state.layers[layer][full(key)];
    }
    return undefined;
  };
  const readLayer = (layer: Layer | 'defaults', key: string): unknown => (Object.hasOwn(state.layers[layer], full(key)) ? structuredClone(state.layers[layer][full(key)]) : undefined);
  return {
    get: (key: string, fallback?: unknown) => {
      const value = layered(key);
      return value === undefined ? fallback : structuredClone(value);
    },
    has: (key: string) => layered(key) !== undefined,
    inspect: (key: string) => ({
      key: full(key),
      defaultValue: readLayer('defaults', key),
      globalValue: readLayer('user', key),
      workspaceValue: readLayer('workspace', key),
      workspaceFolderValue: readLayer('workspaceFolder', key),
    }),
    update: async (key: string, value: unknown, target: number | boolean = ConfigurationTarget.Workspace) => {
      const layer = typeof target === 'boolean' ? (target ? 'user' : 'workspace') : LAYER_OF_TARGET[target]!;
      if (value === undefined) delete state.layers[layer][full(key)];
      else state.layers[layer][full(key)] = structuredClone(value);
      state.configurationChanged.fire({ affectsConfiguration: (asked: string) => full(key) === asked || full(key).startsWith(`${asked}.`) || asked.startsWith(`${full(key)}.`) });
    },
  };
}

const disposable = (): Disposable => new Disposable();

/** Members not implemented answer with a no-op that returns a disposable. */
function lenient<T extends object>(target: T): T {
  return new Proxy(target, { get: (object, name) => (name in object ? (object as Record<string | symbol, unknown>)[name] : () => disposable()) });
}

function message(state: () => ShimState, level: ShownMessage['level']) {
  return async (text: string, ...rest: unknown[]): Promise<Answer> => {
    const buttons = rest.filter((item): item is string => typeof item === 'string');
    state().messages.push({ level, text, buttons });
    return state().messageAnswers.shift();
  };
}

function buildApi(shim: { state: ShimState }): Record<string, unknown> {
  const state = (): ShimState => shim.state;
  return {
    Uri,
    Range,
    Position,
    Selection: Range,
    ThemeColor,
    Disposable,
    EventEmitter,
    TabInputText,
    CancellationTokenSource,
    InlineCompletionItem,
    LanguageModelTextPart,
    LanguageModelToolCallPart,
    LanguageModelToolResultPart,
    LanguageModelDataPart,
    LanguageModelError,
    ConfigurationTarget,
    StatusBarAlignment: { Left: 1, Right: 2 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    InlineCompletionTriggerKind: { Invoke: 0, Automatic: 1 },
    UIKind: { Desktop: 1, Web: 2 },
    DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
    QuickPickItemKind: { Separator: -1, Default: 0 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    LanguageModelChatMessageRole: { User: 1, Assistant: 2 },
    LanguageModelChatToolMode: { Auto: 1, Required: 2 },
    env: lenient({ uiKind: 2, appRoot: '/vscode', language: 'en', openExternal: async () => true }),
    commands: lenient({
      registerCommand: (id: string, run: (...args: unknown[]) => unknown) => {
        state().commands.set(id, run);
        return new Disposable(() => state().commands.delete(id));
      },
      executeCommand: async (command: string, ...args: unknown[]) => {
        state().executed.push({ command, args });
        return state().commands.get(command)?.(...args);
      },
    }),
    workspace: lenient({
      getConfiguration: (section?: string) => configurationOf(state(), section),
      get isTrusted() {
        return state().trusted;
      },
      workspaceFolders: undefined,
      textDocuments: [],
      onDidChangeConfiguration: (listener: Listener<{ affectsConfiguration(section: string): boolean }>) => state().configurationChanged.event(listener),
      asRelativePath: (target: Uri | string) => (typeof target === 'string' ? target : target.path.replace(/^\//, '')),
    }),
    window: lenient({
      get activeTextEditor() {
        return state().activeTextEditor;
      },
      visibleTextEditors: [],
      tabGroups: lenient({ all: [] }),
      onDidChangeActiveTextEditor: (listener: Listener<unknown>) => state().activeEditorChanged.event(listener),
      showInformationMessage: message(state, 'info'),
      showWarningMessage: message(state, 'warning'),
      showErrorMessage: message(state, 'error'),
      showQuickPick: async (items: unknown) => {
        const answer = state().pickAnswers.shift();
        const list = (await items) as ({ label: string } | string)[];
        return answer === undefined ? undefined : list.find((item) => (typeof item === 'string' ? item : item.label) === answer);
      },
      showInputBox: async () => state().inputAnswers.shift(),
      // Answered from pickAnswers when shown: a label is picked if an item has it, else typed; undefined hides it.
      createQuickPick: () => {
        const accepted = new EventEmitter<void>();
        const hidden = new EventEmitter<void>();
        const changed = new EventEmitter<string>();
        const pick = {
          title: '',
          placeholder: '',
          ignoreFocusOut: false,
          busy: false,
          value: '',
          items: [] as { label: string }[],
          activeItems: [] as { label: string }[],
          selectedItems: [] as { label: string }[],
          onDidAccept: accepted.event,
          onDidHide: hidden.event,
          onDidChangeValue: changed.event,
          onDidChangeActive: new EventEmitter<unknown>().event,
          onDidChangeSelection: new EventEmitter<unknown>().event,
          show: () => {
            const answer = state().pickAnswers.shift();
            setImmediate(() => {
              if (answer === undefined) return hidden.fire();
              const item = pick.items.find((candidate) => candidate.label === answer);
              if (item) pick.selectedItems = [item];
              else {
                pick.value = answer;
                changed.fire(answer);
                pick.selectedItems = [];
              }
              accepted.fire();
            });
          },
          hide: () => hidden.fire(),
          dispose: () => undefined,
        };
        return pick;
      },
      withProgress: async (_options: unknown, task: (progress: unknown, token: unknown) => unknown) => task({ report: () => undefined }, new CancellationTokenSource().token),
      createStatusBarItem: (id: string) => {
        const item: StatusItem & { show(): void; hide(): void; dispose(): void; name?: string } = {
          id,
          text: '',
          tooltip: undefined,
          command: undefined,
          backgroundColor: undefined,
          shown: false,
          show: () => void (item.shown = true),
          hide: () => void (item.shown = false),
          dispose: () => undefined,
        };
        state().statusItems.push(item);
        return item;
      },
      createOutputChannel: () =>
        lenient({
          ...Object.fromEntries(['trace', 'debug', 'info', 'warn', 'error'].map((level) => [level, (line: string) => void state().logLines.push(`${level}: ${line}`)])),
          appendLine: (line: string) => void state().logLines.push(line),
        }),
    }),
    languages: lenient({
      registerInlineCompletionItemProvider: (_selector: unknown, provider: unknown) => {
        state().inlineProviders.push(provider);
        return disposable();
      },
    }),
    lm: lenient({
      tools: [],
      registerLanguageModelChatProvider: (vendor: string, provider: unknown) => {
        state().languageModelProviders.set(vendor, provider);
        return disposable();
      },
    }),
    extensions: lenient({ getExtension: (id: string) => state().extensions.get(id) }),
  };
}

/** The shim: one API object for the process, and the state of the test now running. */
export const vscodeShim = new (class {
  state = new ShimState();
  readonly api = buildApi(this);
  reset(): ShimState {
    this.state = new ShimState();
    return this.state;
  }
})();

let installed = false;

/** `require('vscode')` returns the shim from now on in this process. */
export function installVscodeShim(): typeof vscodeShim {
  if (installed) return vscodeShim;
  installed = true;
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string; _cache: Record<string, unknown> };
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
  };
  const cached = new Module('vscode');
  cached.filename = 'vscode';
  cached.loaded = true;
  cached.exports = vscodeShim.api;
  loader._cache['vscode'] = cached;
  return vscodeShim;
}

/** A memento in memory (global or workspace state). */
export function memento(initial: Record<string, unknown> = {}): { get<T>(key: string, fallback?: T): T | undefined; update(key: string, value: unknown): Promise<void>; keys(): readonly string[]; values: Record<string, unknown> } {
  const values: Record<string, unknown> = { ...initial };
  return {
    values,
    get: <T>(key: string, fallback?: T) => (Object.hasOwn(values, key) ? (values[key] as T) : fallback),
    update: async (key, value) => {
      if (value === undefined) delete values[key];
      else values[key] = value;
    },
    keys: () => Object.keys(values),
  };
}

/** An ExtensionContext with in-memory state and secrets, and the disposables the code pushed. */
export function extensionContext(): { subscriptions: { dispose(): unknown }[]; globalState: ReturnType<typeof memento>; workspaceState: ReturnType<typeof memento>; secrets: unknown; extensionUri: Uri; extension: { id: string } } {
  const secrets = new Map<string, string>();
  const changed = new EventEmitter<{ key: string }>();
  return {
    subscriptions: [],
    globalState: memento(),
    workspaceState: memento(),
    secrets: {
      get: async (key: string) => secrets.get(key),
      store: async (key: string, value: string) => {
        secrets.set(key, value);
        changed.fire({ key });
      },
      delete: async (key: string) => {
        secrets.delete(key);
        changed.fire({ key });
      },
      onDidChange: changed.event,
    },
    extensionUri: Uri.file('/extension'),
    extension: { id: 'ask-model.ask-model' },
  };
}

/**
 * The host's deferred parts, loaded by `require` in the tests: in the bundle src/host/lazy.ts's `import()` is each
 * part's file in dist/deferred/; unbundled, Node's loader for ES modules would load the TypeScript sources apart from
 * the modules the tests already required (and without the shim). Call after installVscodeShim().
 */
export function requireDeferredParts(): void {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const load = Module.createRequire(__filename);
  // esbuild.js names each part and its entry; lazy.ts loads them by those names (test/unit/build/deferredLoading).
  const { parts } = load(path.join(repoRoot, 'esbuild.js')) as { parts: Record<string, string> };
  const { loadDeferred } = load(path.join(repoRoot, 'src', 'host', 'lazy.ts')) as { loadDeferred: Record<string, () => Promise<unknown>> };
  for (const part of Object.keys(loadDeferred)) {
    const entry = parts[part];
    if (entry === undefined) throw new Error(`lazy.ts loads a part esbuild.js does not build: ${part}`);
    loadDeferred[part] = async () => load(path.join(repoRoot, entry));
  }
}
