// The one port the rules discovery reads the workspace through. Paths are relative to one workspace folder and
// `/`-separated; the host implements it on vscode.workspace.fs, the unit tests on a map
// (test/support/fakes/rules/fakeRulesFileSystem.ts).

export interface RulesFileSystem {
  /** The file's text; undefined when there is no such file (or it is a folder). */
  readText(path: string): Promise<string | undefined>;
  /** The names of the files directly in the folder; undefined when there is no such folder (or it is a file). */
  listFiles(path: string): Promise<string[] | undefined>;
}
