// The launchers test the built extension (dist/extension.js) and do not build it: say so when it is missing or
// older than its sources, rather than testing stale code in silence.
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Throws when dist/extension.js is missing; returns a warning when src/ changed after it was built. */
export function checkExtensionBuilt(repoRoot: string): string | undefined {
  const main = path.join(repoRoot, 'dist', 'extension.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  if (newestMtime(path.join(repoRoot, 'src')) > fs.statSync(main).mtimeMs) {
    return 'src/ changed after dist/extension.js was built: this run tests the old build (run npm run build)';
  }
  return undefined;
}
