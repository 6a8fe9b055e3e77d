import assert from 'node:assert/strict';
import { DEFAULT_DENY_GLOBS, matchingDenyGlob } from '../../../src/core/tools/denyGlobs';
import { globToRegExp, matchesGlob } from '../../../src/core/text/globPattern';

describe('matchesGlob', () => {
  const cases: [glob: string, path: string, matches: boolean][] = [
    ['*.ts', 'a.ts', true],
    ['*.ts', 'src/a.ts', false], // `*` stays inside one segment
    ['*.ts', '.hidden.ts', true], // and matches dots, as VS Code globs do
    ['src/*', 'src/a.ts', true],
    ['src/*', 'src/a/b.ts', false],
    ['**/*.ts', 'a.ts', true], // `**/` may match no folder at all
    ['**/*.ts', 'src/deep/a.ts', true],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'srcx/a.ts', false],
    ['**', 'any/thing/at/all', true],
    ['.git/**', '.git', true], // a trailing `/**` covers the folder itself
    ['.git/**', '.git/config', true],
    ['.git/**', '.github/x', false],
    ['a?c', 'abc', true],
    ['a?c', 'a/c', false],
    ['*.{ts,js}', 'a.js', true],
    ['*.{ts,js}', 'a.md', false],
    ['{src,test}/**/*.{ts,tsx}', 'test/unit/a.tsx', true],
    ['{a,{b,c}}.txt', 'c.txt', true], // nested braces
    ['{a,b', '{a,b', true], // an unmatched brace is literal
    ['[abc].ts', 'b.ts', true],
    ['[!abc].ts', 'b.ts', false],
    ['[!abc].ts', 'd.ts', true],
    ['[!a]', '/', false], // a negated class never crosses a folder
    ['a[', 'a[', true],
    ['file(1).txt', 'file(1).txt', true], // regex characters are literal
    ['a+b.$', 'a+b.$', true],
    ['a**b', 'aXXb', true], // `**` inside a segment is just `*`
    ['a**b', 'a/b', false],
  ];
  for (const [glob, path, expected] of cases) {
    it(`${JSON.stringify(glob)} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(path)}`, () => {
      assert.equal(matchesGlob(path, glob), expected);
    });
  }

  it('a glob the regex engine cannot take never throws: it matches only itself', () => {
    assert.equal(matchesGlob('b.ts', '[z-a].ts'), false);
    assert.equal(matchesGlob('[z-a].ts', '[z-a].ts'), true);
  });

  it('repeated **/ is one, so a model\'s odd glob cannot make matching slow', () => {
    // Thirty `**/` in a row would be thirty nested `(?:[^/]*/)*`, which backtrack through every way of sharing the path's
    // folders among them when the path does not match (and a regex cannot be stopped). They translate to the one
    // pattern a single `**/` does; checked before matching, so a regression fails here rather than hanging the run.
    assert.equal(globToRegExp(`${'**/'.repeat(30)}c`).source, globToRegExp('**/c').source);
    assert.equal(globToRegExp('src/**/**/**/*.ts').source, globToRegExp('src/**/*.ts').source);
    assert.equal(matchesGlob(`${'a/'.repeat(40)}b`, `${'**/'.repeat(30)}c`), false);
    assert.equal(matchesGlob('x/y/z.ts', '**/**/z.ts'), true);
  });

  it('case is ignored only when asked', () => {
    assert.equal(matchesGlob('README.MD', '*.md'), false);
    assert.equal(matchesGlob('README.MD', '*.md', { ignoreCase: true }), true);
  });
});

describe('matchingDenyGlob', () => {
  const denied = (path: string, globs: readonly string[] = DEFAULT_DENY_GLOBS) => matchingDenyGlob(path, globs);

  it('the defaults cover env files, keys, ssh keys and git internals at any depth', () => {
    assert.equal(denied('.env'), '**/.env*');
    assert.equal(denied('.env.local'), '**/.env*');
    assert.equal(denied('services/api/.env.production'), '**/.env*');
    assert.equal(denied('certs/server.pem'), '**/*.pem');
    assert.equal(denied('server.key'), '**/*.key');
    assert.equal(denied('home/.ssh/id_rsa.pub'), '**/id_rsa*');
    assert.equal(denied('.git/config'), '**/.git/**');
    assert.equal(denied('vendor/lib/.git/HEAD'), '**/.git/**');
  });

  it('leaves ordinary files alone', () => {
    for (const path of ['src/env.ts', 'environment.md', 'keys.ts', 'src/key/index.ts', '.github/workflows/ci.yml', 'docs/pem-format.md', '.gitignore']) {
      assert.equal(denied(path), undefined, path);
    }
  });

  it('ignores case: .ENV is .env on Windows and macOS', () => {
    assert.equal(denied('.ENV'), '**/.env*');
    assert.equal(denied('Certs/Server.PEM'), '**/*.pem');
    assert.equal(denied('.GIT/config'), '**/.git/**');
  });

  it('a denied folder denies everything inside it', () => {
    assert.equal(denied('.env.d/secrets.json'), '**/.env*');
    assert.equal(denied('secrets/db/password.txt', ['secrets']), 'secrets');
    assert.equal(denied('config/private/a.txt', ['**/private']), '**/private');
  });

  it('a glob without "/" matches a name at any depth, a glob with one matches from the root', () => {
    assert.equal(denied('deep/down/cert.pem', ['*.pem']), '*.pem');
    assert.equal(denied('deep/secrets/a.txt', ['secrets/**']), undefined);
    assert.equal(denied('secrets/a.txt', ['secrets/**']), 'secrets/**');
    assert.equal(denied('secrets/a.txt', ['./secrets/**']), './secrets/**');
  });

  it('empty globs deny nothing', () => {
    assert.equal(denied('.env', ['', '  ']), undefined);
    assert.equal(denied('.env', []), undefined);
  });
});
