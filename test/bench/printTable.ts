// The one table `npm run bench` prints: a row per measure, suites one after another, columns padded to fit.
import type { TableRow } from './suite';

export function formatTable(sections: readonly { suite: string; rows: readonly TableRow[] }[]): string {
  const header = ['suite', 'measure', 'value', 'goal', 'result'];
  const lines = sections.flatMap(({ suite, rows }) =>
    rows.map((row) => [suite, row.measure, row.value, row.goal ?? '', row.pass === undefined ? '' : row.pass ? 'pass' : 'MISS']),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}
