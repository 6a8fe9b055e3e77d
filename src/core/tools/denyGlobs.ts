// askModel.tools.denyGlobs: files the tools never read, list, search or write. Stricter than a plain glob match,
// because a miss here leaks a secret: matching ignores case (`.ENV` is `.env` on Windows and macOS), a folder that
// matches denies everything inside it (`**/.env*` also covers `.env.d/secrets`), and a glob without `/` matches a
// file or folder name at any depth (`*.pem` covers `certs/server.pem`, as .gitignore would read it).
import { matchesGlob } from '../text/globPattern';

export const DEFAULT_DENY_GLOBS: readonly string[] = ['**/.env*', '**/*.pem', '**/*.key', '**/id_rsa*', '**/.git/**'];

/** The first deny glob that covers `relativePath` (workspace-relative, `/`-separated), or undefined. */
export function matchingDenyGlob(relativePath: string, denyGlobs: readonly string[]): string | undefined {
  const segments = relativePath.split('/').filter((segment) => segment !== '');
  for (const glob of denyGlobs) {
    const pattern = glob.trim().replace(/^\.\//, '');
    if (pattern === '') continue;
    const byName = !pattern.includes('/');
    for (let length = 1; length <= segments.length; length++) {
      const candidate = byName ? (segments[length - 1] as string) : segments.slice(0, length).join('/');
      if (matchesGlob(candidate, pattern, { ignoreCase: true })) return glob;
    }
  }
  return undefined;
}
