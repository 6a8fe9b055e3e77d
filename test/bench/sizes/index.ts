// The sizes suite: the minified bundles and the .vsix, as `npm run package` makes them (see packagedCopy.ts). Sizes are
// not timings, so there is no peer: the goals are the absolute ones, in KiB (1,024 bytes, as esbuild and vsce
// print them). The extension's code is two files (esbuild.js): dist/extension.js, the wiring the host loads at
// start-up, and dist/deferred.js, the rest, loaded on first use; the bundle goal is on the two together, since
// splitting the code makes none of it smaller.
import type { BenchSuite, SuiteReport } from '../suite';
import { packagedExtension } from './packagedCopy';

const GOAL_CODE_KIB = 150; // dist/extension.js + dist/deferred.js, minified: < 150 KiB
const GOAL_VSIX_KIB = 300; // ask-model-<version>.vsix: ≤ 300 KiB

export const sizesSuite: BenchSuite = {
  name: 'sizes',
  async run(progress): Promise<SuiteReport> {
    const packaged = await packagedExtension(progress);
    const kib = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
    const codeBytes = packaged.bundleBytes + packaged.deferredBytes;
    const codeKiB = kib(codeBytes);
    const vsixKiB = kib(packaged.vsixBytes);
    const goals = {
      code: { maxKiB: GOAL_CODE_KIB, pass: codeKiB < GOAL_CODE_KIB },
      vsix: { maxKiB: GOAL_VSIX_KIB, pass: vsixKiB <= GOAL_VSIX_KIB },
    };
    const bytes = (value: number): string => value.toLocaleString('en-US');
    return {
      rows: [
        { measure: 'extension code: both files below (build:production)', value: `${codeKiB} KiB (${bytes(codeBytes)} bytes)`, goal: `< ${GOAL_CODE_KIB} KiB`, pass: goals.code.pass },
        { measure: 'dist/extension.js, loaded at start-up', value: `${kib(packaged.bundleBytes)} KiB (${bytes(packaged.bundleBytes)} bytes)` },
        { measure: 'dist/deferred.js, loaded on first use', value: `${kib(packaged.deferredBytes)} KiB (${bytes(packaged.deferredBytes)} bytes)` },
        { measure: 'dist/webview.js (build:production)', value: `${kib(packaged.webviewBytes)} KiB (${bytes(packaged.webviewBytes)} bytes)` },
        { measure: '.vsix (npm run package)', value: `${vsixKiB} KiB (${bytes(packaged.vsixBytes)} bytes); packaged in ${packaged.packageSeconds.toFixed(1)} s`, goal: `≤ ${GOAL_VSIX_KIB} KiB`, pass: goals.vsix.pass },
      ],
      figures: { bundleBytes: packaged.bundleBytes, deferredBytes: packaged.deferredBytes, codeBytes, webviewBytes: packaged.webviewBytes, vsixBytes: packaged.vsixBytes, codeKiB, vsixKiB, packageSeconds: Math.round(packaged.packageSeconds * 10) / 10, goals },
    };
  },
};
