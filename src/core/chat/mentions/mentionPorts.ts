// What the mention completer needs from the world. The host implements them on VS Code (src/host/chat/mentions/);
// the unit tests use its fakes (test/support/fakes/chat/mentions/fakeMentionPorts.ts).

/** A symbol as VS Code's workspace symbol provider reports it; lines are 1-based. */
export interface SymbolRef {
  name: string;
  /** e.g. `function`, `class`. */
  kind: string;
  /** Workspace-relative, `/`-separated. */
  path: string;
  startLine: number;
  endLine: number;
  /** The class or namespace it is in, when the provider says. */
  container?: string | undefined;
}

/** A prompt file as read from the workspace. */
export interface PromptFileText {
  /** Workspace-relative, `/`-separated. */
  path: string;
  text: string;
}

export interface MentionPorts {
  /** The workspace's files (the user's excludes honoured), workspace-relative; at most `max`. */
  listFiles(max: number): Promise<readonly string[]>;
  /** Symbols matching `query`, as the workspace symbol provider answers. */
  findSymbols(query: string): Promise<readonly SymbolRef[]>;
  /** `.github/prompts/*.prompt.md` in the workspace. */
  readPromptFiles(): Promise<readonly PromptFileText[]>;
  /** askModel.tools.denyGlobs, read when asked, so a change applies to the next completion. */
  denyGlobs(): readonly string[];
  now(): number;
}
