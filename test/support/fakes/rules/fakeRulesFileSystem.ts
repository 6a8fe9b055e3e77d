// RulesFileSystem over a map of path -> text, for the unit tests: a folder is any prefix of a listed path. It records
// what was read, so a test can say which files discovery looked at.
import type { RulesFileSystem } from '../../../../src/core/rules/rulesFileSystem';

export class FakeRulesFileSystem implements RulesFileSystem {
  readonly reads: string[] = [];

  constructor(private readonly files: Readonly<Record<string, string>>) {}

  readText(path: string): Promise<string | undefined> {
    this.reads.push(path);
    return Promise.resolve(this.files[path]);
  }

  listFiles(path: string): Promise<string[] | undefined> {
    const prefix = path === '' ? '' : `${path}/`;
    const names = Object.keys(this.files)
      .filter((file) => file.startsWith(prefix) && !file.slice(prefix.length).includes('/'))
      .map((file) => file.slice(prefix.length));
    return Promise.resolve(names.length > 0 ? names : undefined);
  }
}
