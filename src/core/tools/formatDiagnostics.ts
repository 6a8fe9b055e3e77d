// get_diagnostics's answer: errors and warnings (information and hints are noise here) as
// `path:line:column: severity: message (source code)`, the compiler form models read best; errors first, capped.

export type DiagnosticSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface DiagnosticEntry {
  /** Workspace-relative. */
  path: string;
  /** 1-based, as people and models count. */
  line: number;
  column: number;
  severity: DiagnosticSeverity;
  message: string;
  source?: string | undefined;
  code?: string | number | undefined;
}

export const DEFAULT_MAX_DIAGNOSTICS = 200;

export function formatDiagnostics(entries: readonly DiagnosticEntry[], options: { path?: string | undefined; maxResults?: number } = {}): string {
  const where = options.path === undefined ? 'the workspace' : JSON.stringify(options.path);
  const relevant = entries
    .filter((entry) => entry.severity === 'error' || entry.severity === 'warning')
    .sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path, 'en') || a.line - b.line || a.column - b.column);
  if (relevant.length === 0) return `No errors or warnings in ${where}.`;
  const errors = relevant.filter((entry) => entry.severity === 'error').length;
  const warnings = relevant.length - errors;
  const counts = [errors > 0 ? count(errors, 'error') : '', warnings > 0 ? count(warnings, 'warning') : ''].filter(Boolean).join(' and ');
  const max = options.maxResults ?? DEFAULT_MAX_DIAGNOSTICS;
  const shown = relevant.slice(0, max);
  const lines = shown.map((entry) => {
    const origin = [entry.source, entry.code].filter((part) => part !== undefined && part !== '').join(' ');
    const message = entry.message.replace(/\s*\r?\n\s*/g, ' ').trim();
    return `${entry.path}:${entry.line}:${entry.column}: ${entry.severity}: ${message}${origin ? ` (${origin})` : ''}`;
  });
  const footer = shown.length < relevant.length ? `\n[Showing the first ${shown.length}. Ask for one file with path to see its problems.]` : '';
  return `${counts} in ${where}:\n${lines.join('\n')}${footer}`;
}

function rank(entry: DiagnosticEntry): number {
  return entry.severity === 'error' ? 0 : 1;
}

function count(value: number, word: string): string {
  return `${value} ${value === 1 ? word : `${word}s`}`;
}
