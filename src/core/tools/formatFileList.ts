// list_files's answer: workspace-relative paths, one per line, sorted so the same workspace reads the same way
// every time; capped, and saying how to narrow the list when cut.

export interface FileListSummary {
  glob?: string | undefined;
  maxResults: number;
  /** True when more files than the ones given exist. */
  more: boolean;
}

export function formatFileList(paths: readonly string[], summary: FileListSummary): string {
  const where = summary.glob ? ` matching ${JSON.stringify(summary.glob)}` : '';
  if (paths.length === 0) return `No files${where}.`;
  const shown = [...paths].sort(comparePaths).slice(0, summary.maxResults);
  const cut = summary.more || paths.length > shown.length;
  const header = cut ? `The first ${shown.length} files${where}:` : `${shown.length} ${shown.length === 1 ? 'file' : 'files'}${where}:`;
  const footer = cut ? '\n[There are more files. Narrow the glob (e.g. "src/**/*.ts"), or raise max_results (at most 1000).]' : '';
  return `${header}\n${shown.join('\n')}${footer}`;
}

/** Folder by folder, so that files of one folder stay together: `a/b.ts` before `a-b.ts`. */
function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = (left[i] as string).localeCompare(right[i] as string, 'en');
    if (order !== 0) return order;
  }
  return left.length - right.length;
}
