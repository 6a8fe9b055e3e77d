// The code the completions suite types into and reads from: a deterministic TypeScript file of any length, built from
// a handful of function shapes with varied names and numbers, so lines differ (the ring's similarity test and the
// prompt cut see real variety) and the same length always gives the same text.

const NAMES = ['order', 'invoice', 'customer', 'shipment', 'ledger', 'account', 'payment', 'report', 'cursor', 'session'];

/** `count` lines of TypeScript, no trailing newline in any of them. */
export function typeScriptLines(count: number): string[] {
  const lines: string[] = [];
  for (let block = 0; lines.length < count; block++) {
    const name = NAMES[block % NAMES.length]!;
    const n = block;
    lines.push(
      `/** Totals the ${name} amounts of batch ${n}, skipping the ones marked void. */`,
      `export function total${capitalize(name)}${n}(items: readonly { amount: number; void?: boolean }[]): number {`,
      `  let sum = ${n % 7};`,
      '  for (const item of items) {',
      '    if (item.void === true) continue;',
      `    sum += Math.round(item.amount * ${(n % 13) + 1}) / ${(n % 5) + 1};`,
      '  }',
      `  return sum > ${n * 3} ? sum - ${n % 11} : sum;`,
      '}',
      '',
    );
  }
  return lines.slice(0, count);
}

function capitalize(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

/** The 400-character line the typing rows type, a long call chain as people do write. */
export function longLine(length: number): string {
  let line = '  const summary = orders';
  for (let step = 0; line.length < length; step++) line += `.filter((order) => order.total${step} > ${step * 7}).map((order) => order.id${step})`;
  return line.slice(0, length);
}
