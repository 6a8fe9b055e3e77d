// The sizes suite: the minified bundles and the .vsix, as `npm run package` makes them (see packagedCopy.ts). Sizes are
// not timings, so there is no peer: the goals are absolute, in KiB (1,024 bytes, as esbuild and vsce print them). The
// extension's code is the wiring (dist/extension.js), which the host loads at start-up, and the deferred parts with
// their shared chunks (dist/deferred/), each loaded when a surface first needs it: a row per surface says what its
// first use loads (firstUse.ts).
import type { BenchSuite, SuiteReport, TableRow } from '../suite';
import { bytesLoadedBy, FIRST_USE } from './firstUse';
import { packagedExtension } from './packagedCopy';

/** The wiring loaded at start-up: no larger than before the deferred code was split by part (17.4 KiB). */
const GOAL_STARTUP_KIB = 17.4;
/** What one surface's first use loads. */
const GOAL_FIRST_USE_KIB = 256;
const GOAL_WEBVIEW_KIB = 256;
const GOAL_VSIX_KIB = 300;

export const sizesSuite: BenchSuite = {
  name: 'sizes',
  async run(progress): Promise<SuiteReport> {
    const packaged = await packagedExtension(progress);
    const kib = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
    const bytes = (value: number): string => value.toLocaleString('en-US');
    const measured = (value: number): string => `${kib(value)} KiB (${bytes(value)} bytes)`;
    const firstUse = Object.entries(FIRST_USE).map(([surface, parts]) => ({ surface, parts, bytes: bytesLoadedBy(packaged.deferredDir, parts) }));
    const rows: TableRow[] = [
      { measure: 'dist/extension.js, loaded at start-up', value: measured(packaged.bundleBytes), goal: `≤ ${GOAL_STARTUP_KIB} KiB`, pass: kib(packaged.bundleBytes) <= GOAL_STARTUP_KIB },
      ...firstUse.map((use) => ({ measure: `first use: ${use.surface} (${use.parts.join(' + ')})`, value: measured(use.bytes), goal: `≤ ${GOAL_FIRST_USE_KIB} KiB`, pass: kib(use.bytes) <= GOAL_FIRST_USE_KIB })),
      { measure: 'dist/deferred/, every part and chunk', value: measured(packaged.deferredBytes) },
      { measure: 'dist/webview.js (build:production)', value: measured(packaged.webviewBytes), goal: `≤ ${GOAL_WEBVIEW_KIB} KiB`, pass: kib(packaged.webviewBytes) <= GOAL_WEBVIEW_KIB },
      { measure: '.vsix (npm run package)', value: `${measured(packaged.vsixBytes)}; packaged in ${packaged.packageSeconds.toFixed(1)} s`, goal: `≤ ${GOAL_VSIX_KIB} KiB`, pass: kib(packaged.vsixBytes) <= GOAL_VSIX_KIB },
    ];
    return {
      rows,
      figures: {
        bundleBytes: packaged.bundleBytes,
        deferredBytes: packaged.deferredBytes,
        firstUse: Object.fromEntries(firstUse.map((use) => [use.surface, use.bytes])),
        webviewBytes: packaged.webviewBytes,
        vsixBytes: packaged.vsixBytes,
        packageSeconds: Math.round(packaged.packageSeconds * 10) / 10,
        goals: { startupKiB: GOAL_STARTUP_KIB, firstUseKiB: GOAL_FIRST_USE_KIB, webviewKiB: GOAL_WEBVIEW_KIB, vsixKiB: GOAL_VSIX_KIB },
      },
    };
  },
};
