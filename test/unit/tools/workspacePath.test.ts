import assert from 'node:assert/strict';
import { DEFAULT_DENY_GLOBS } from '../../../src/core/tools/denyGlobs';
import { resolveWorkspacePath, type PathRefusal, type WorkspacePathOptions } from '../../../src/core/tools/workspacePath';

const WS = { name: 'app', path: '/home/me/app' };

/**
 * A tiny file system with symbolic links, for `realpath`: `links` maps a link's path to its (real) target; a path
 * that is neither a link nor listed in `files` does not exist.
 */
function fakeRealpath(files: readonly string[], links: Record<string, string>): (path: string) => string | undefined {
  const existing = new Set(files);
  return (path) => {
    let current = '';
    for (const segment of path.split('/').filter(Boolean)) {
      const next = `${current}/${segment}`;
      const target = links[next];
      if (target !== undefined) current = target;
      else if (existing.has(next)) current = next;
      else return undefined;
    }
    return current === '' ? '/' : current;
  };
}

const realpath = fakeRealpath(
  ['/home', '/home/me', '/home/me/app', '/home/me/app/src', '/home/me/app/src/a.ts', '/home/me/app/.env', '/etc', '/etc/passwd'],
  {
    '/home/me/app/out': '/etc', // a link out of the workspace
    '/home/me/app/notes.txt': '/home/me/app/.env', // a link to a denied file inside it
    '/home/me/app/alias': '/home/me/app/src', // a harmless link inside it
  },
);

const options: WorkspacePathOptions = { folders: [WS], denyGlobs: DEFAULT_DENY_GLOBS, realpath };

function refusal(input: string, extra: Partial<WorkspacePathOptions> = {}): PathRefusal | 'ok' {
  const result = resolveWorkspacePath(input, { ...options, ...extra });
  if (result.ok) return 'ok';
  assert.match(result.message, /^Refused: /);
  return result.reason;
}

describe('resolveWorkspacePath', () => {
  it('resolves a plain relative path into the folder', () => {
    assert.deepEqual(resolveWorkspacePath('src/a.ts', options), { ok: true, folder: WS, relative: 'src/a.ts', absolute: '/home/me/app/src/a.ts' });
  });

  it('normalises ./, doubled and backslash separators, and surrounding spaces', () => {
    for (const input of ['./src/a.ts', 'src//a.ts', 'src\\a.ts', '  src/a.ts  ', 'src/./a.ts']) {
      const result = resolveWorkspacePath(input, options);
      assert.ok(result.ok, input);
      assert.equal(result.relative, 'src/a.ts');
    }
  });

  it('"." is the folder itself', () => {
    const result = resolveWorkspacePath('.', options);
    assert.ok(result.ok);
    assert.equal(result.relative, '');
    assert.equal(result.absolute, '/home/me/app');
  });

  const corpus: [input: string, reason: PathRefusal][] = [
    ['', 'empty'],
    ['   ', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['/home/me/app/src/a.ts', 'absolute'], // even inside the workspace: one way to name a file
    ['\\etc\\passwd', 'absolute'],
    ['C:\\Windows\\win.ini', 'absolute'],
    ['c:/Windows/win.ini', 'absolute'],
    ['C:win.ini', 'absolute'], // drive-relative
    ['\\\\server\\share\\secret', 'absolute'], // UNC
    ['//server/share/secret', 'absolute'],
    ['\\\\?\\C:\\x', 'absolute'],
    ['file:///etc/passwd', 'uri'],
    ['file:/etc/passwd', 'uri'],
    ['file:passwd', 'uri'],
    ['vscode-remote://ssh/etc/passwd', 'uri'],
    ['https://example.com/x', 'uri'],
    ['~/.ssh/id_rsa', 'home'],
    ['~root/.bashrc', 'home'],
    ['..', 'parent'],
    ['../secret', 'parent'],
    ['src/../../secret', 'parent'],
    ['src\\..\\..\\secret', 'parent'],
    ['src/..\\../secret', 'parent'],
    ['src/../README.md', 'parent'], // stays inside, but refused all the same: one simple rule
    ['%2e%2e%2fetc%2fpasswd', 'encoded'],
    ['%2E%2E/secret', 'encoded'],
    ['..%2fsecret', 'encoded'],
    ['..%5csecret', 'encoded'],
    ['%252e%252e/secret', 'encoded'], // double encoding
    ['a.ts%00.md', 'encoded'],
    ['a.ts\u0000.md', 'control-character'],
    ['src/a.ts\n../../etc', 'control-character'],
    ['notes.txt::$DATA', 'invalid-name'], // an NTFS alternate data stream
    ['src:secret', 'invalid-name'],
    ['server.pem.', 'invalid-name'], // Windows drops the dot and opens server.pem
    ['server.pem ', 'denied'], // trimmed first, then denied by name
    ['src /a.ts', 'invalid-name'],
    ['...', 'invalid-name'],
    ['src/*.ts', 'invalid-name'], // a glob is not a path
    ['.env', 'denied'],
    ['.ENV', 'denied'],
    ['config/.env.production', 'denied'],
    ['.env.d/keys.json', 'denied'],
    ['certs/server.pem', 'denied'],
    ['deploy/prod.key', 'denied'],
    ['.ssh/id_rsa', 'denied'],
    ['.git/config', 'denied'],
    ['.git', 'denied'],
    ['out/passwd', 'outside'], // a symbolic link out of the folder
    ['out', 'outside'],
    ['out/new-file.txt', 'outside'], // creating through the link: the nearest existing ancestor is resolved
    ['notes.txt', 'denied'], // a link to .env
  ];
  for (const [input, reason] of corpus) {
    it(`refuses ${JSON.stringify(input)} (${reason})`, () => {
      assert.equal(refusal(input), reason);
    });
  }

  it('a link that stays inside is fine, and so is a file that does not exist yet', () => {
    assert.equal(refusal('alias/a.ts'), 'ok');
    assert.equal(refusal('src/new/deeper/file.ts'), 'ok');
  });

  it('words the refusal for the model and the user', () => {
    const message = (input: string, extra: Partial<WorkspacePathOptions> = {}) => {
      const result = resolveWorkspacePath(input, { ...options, ...extra });
      return result.ok ? '' : result.message;
    };
    assert.equal(message('.env'), 'Refused: ".env" matches askModel.tools.denyGlobs ("**/.env*"); the file is not read.');
    assert.equal(message('.env', { access: 'write' }), 'Refused: ".env" matches askModel.tools.denyGlobs ("**/.env*"); the file is not changed.');
    assert.equal(
      message('/etc/passwd'),
      'Refused: "/etc/passwd" is an absolute path. Tools only reach files inside the workspace; give a path relative to the workspace folder, e.g. "src/index.ts".',
    );
    assert.equal(
      message('../x'),
      'Refused: "../x" contains "..". Tools only reach files inside the workspace; give the path from the workspace folder without "..".',
    );
    assert.equal(message('out/passwd'), 'Refused: "out/passwd" leads through a symbolic link to a place outside the workspace folder; the file is not read.');
    assert.equal(
      message('notes.txt'),
      'Refused: "notes.txt" is a link to ".env", which matches askModel.tools.denyGlobs ("**/.env*"); the file is not read.',
    );
    assert.equal(message('a\u0000b'), 'Refused: the path "a\\u0000b" contains a control character; give a path relative to the workspace folder, e.g. "src/index.ts".');
    assert.ok(message('x'.repeat(5000)).length < 400, 'a long path is shortened in the message');
  });

  it('the deny globs come from the setting', () => {
    assert.equal(refusal('.env', { denyGlobs: [] }), 'ok');
    assert.equal(refusal('docs/internal/plan.md', { denyGlobs: ['docs/internal/**'] }), 'denied');
  });

  it('without realpath only the lexical checks apply', () => {
    assert.equal(refusal('out/passwd', { realpath: undefined }), 'ok');
  });

  describe('multi-root workspaces', () => {
    const api = { name: 'api', path: '/w/api' };
    const web = { name: 'web', path: '/w/web' };
    const multi = { folders: [api, web], denyGlobs: DEFAULT_DENY_GLOBS };

    it('a path starts with the folder name', () => {
      assert.deepEqual(resolveWorkspacePath('web/src/app.ts', multi), { ok: true, folder: web, relative: 'src/app.ts', absolute: '/w/web/src/app.ts' });
      assert.deepEqual(resolveWorkspacePath('api', multi), { ok: true, folder: api, relative: '', absolute: '/w/api' });
    });

    it('a path without a folder name is refused with the names to use', () => {
      const result = resolveWorkspacePath('src/app.ts', multi);
      assert.equal(result.ok, false);
      assert.equal(
        result.ok ? '' : result.message,
        'Refused: "src/app.ts" does not start with a workspace folder name. This workspace has several folders; start the path with one of "api", "web".',
      );
    });

    it('deny globs apply within the folder', () => {
      assert.equal(refusal('web/.env', multi), 'denied');
    });

    it('a single-folder workspace never strips a leading name', () => {
      const result = resolveWorkspacePath('app/src/a.ts', options);
      assert.ok(result.ok);
      assert.equal(result.relative, 'app/src/a.ts');
    });
  });

  it('no folder open', () => {
    assert.equal(refusal('src/a.ts', { folders: [] }), 'no-folder');
  });

  it('Windows: a URI-style folder path and a backslashed realpath compare without case', () => {
    const folder = { name: 'repo', path: '/c:/Users/me/repo' };
    const windows = (real: string) => ({ folders: [folder], denyGlobs: DEFAULT_DENY_GLOBS, realpath: (path: string) => (path === folder.path ? 'C:\\Users\\me\\repo' : real) });
    assert.equal(refusal('src/a.ts', windows('C:\\Users\\Me\\Repo\\src\\a.ts')), 'ok');
    assert.equal(refusal('src/a.ts', windows('D:\\elsewhere\\a.ts')), 'outside');
    assert.equal(refusal('src/a.ts', windows('C:\\Users\\me\\repo-other\\a.ts')), 'outside'); // a prefix is not a parent
    assert.equal(refusal('link.txt', windows('C:\\Users\\me\\repo\\.ENV')), 'denied');
  });
});
