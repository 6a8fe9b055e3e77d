// The sizes suite: the minified bundle and the .vsix, as `npm run package` makes them (see packagedCopy.ts). Sizes are
// not timings, so there is no peer: the goals are the absolute ones, in KiB (1,024 bytes, as esbuild and vsce
// print them).
import type { BenchSuite, SuiteReport } from '../suite';
import { packagedExtension } from './packagedCopy';

const GOAL_BUNDLE_KIB = 150; // dist/extension.js, minified: < 150 KiB
const GOAL_VSIX_KIB = 300; // ask-model-<version>.vsix: ≤ 300 KiB

export const sizesSuite: BenchSuite = {
  name: 'sizes',
  async run(progress): Promise<SuiteReport> {
    const packaged = await packagedExtension(progress);
    const kib = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
    const bundleKiB = kib(packaged.bundleBytes);
    const vsixKiB = kib(packaged.vsixBytes);
    const goals = {
      bundle: { maxKiB: GOAL_BUNDLE_KIB, pass: bundleKiB < GOAL_BUNDLE_KIB },
      vsix: { maxKiB: GOAL_VSIX_KIB, pass: vsixKiB <= GOAL_VSIX_KIB },
    };
    const bytes = (value: number): string => value.toLocaleString('en-US');
    return {
      rows: [
        { measure: 'dist/extension.js (build:production)', value: `${bundleKiB} KiB (${bytes(packaged.bundleBytes)} bytes)`, goal: `< ${GOAL_BUNDLE_KIB} KiB`, pass: goals.bundle.pass },
        { measure: 'dist/webview.js (build:production)', value: `${kib(packaged.webviewBytes)} KiB (${bytes(packaged.webviewBytes)} bytes)` },
        { measure: '.vsix (npm run package)', value: `${vsixKiB} KiB (${bytes(packaged.vsixBytes)} bytes); packaged in ${packaged.packageSeconds.toFixed(1)} s`, goal: `≤ ${GOAL_VSIX_KIB} KiB`, pass: goals.vsix.pass },
      ],
      figures: { bundleBytes: packaged.bundleBytes, webviewBytes: packaged.webviewBytes, vsixBytes: packaged.vsixBytes, bundleKiB, vsixKiB, packageSeconds: Math.round(packaged.packageSeconds * 10) / 10, goals },
    };
  },
};
