// The demo's copy of the sample workspace, kept between runs of `npm start` (a person's changes there are theirs) yet
// brought up to date when the project's sample changes: a file is replaced only while it still holds exactly what an
// earlier run copied, so an edit (an accepted Ask Model change included) is never overwritten. What each run copied is
// recorded beside the copy, not inside it, so the workspace holds only the sample.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Relative path → SHA-256 of the content the last run copied there. */
type CopiedFiles = Record<string, string>;

export interface SampleCopyReport {
  /** Files the sample changed since the last run, replaced in the copy. */
  updated: string[];
  /** Files the sample changed that the person changed too: left as they are. */
  keptEdited: string[];
}

/** Brings the copy at `dir` up to date with the sample at `sampleDir` (see the header), creating it on the first run. */
export function syncSampleWorkspace(sampleDir: string, dir: string): SampleCopyReport {
  const recordFile = `${dir}.sample-copy.json`;
  const fresh = !fs.existsSync(dir);
  const copied: CopiedFiles = fresh ? {} : readRecord(recordFile);
  const report: SampleCopyReport = { updated: [], keptEdited: [] };
  for (const relative of filesUnder(sampleDir)) {
    const source = fs.readFileSync(path.join(sampleDir, relative));
    const sourceHash = sha256(source);
    const target = path.join(dir, relative);
    const current = fs.existsSync(target) ? sha256(fs.readFileSync(target)) : undefined;
    const wasCopied = copied[relative];
    if (current === sourceHash) {
      copied[relative] = sourceHash;
      continue;
    }
    // Never copied before (a new sample file, or a copy made before this record existed, when absent); or untouched
    // since it was copied. A file the person deleted stays deleted.
    const replaceable = current === undefined ? wasCopied === undefined : current === wasCopied;
    if (!replaceable) {
      if (current !== undefined) report.keptEdited.push(relative);
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, source);
    copied[relative] = sourceHash;
    if (!fresh && current !== undefined) report.updated.push(relative);
  }
  fs.writeFileSync(recordFile, `${JSON.stringify(copied, null, 2)}\n`);
  return report;
}

function readRecord(file: string): CopiedFiles {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as CopiedFiles) : {};
  } catch {
    return {}; // no record yet: a copy made before it existed
  }
}

function filesUnder(root: string, relative = ''): string[] {
  return fs.readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(relative, entry.name);
    return entry.isDirectory() ? filesUnder(root, child) : [child.split(path.sep).join('/')];
  });
}

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}
