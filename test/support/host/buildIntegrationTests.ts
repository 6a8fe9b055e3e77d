// Bundles test/integration (index.ts and every *.test.ts) to out/test/integration/*.js for the extension host,
// which cannot run TypeScript. `vscode` comes from the host and `mocha` from node_modules, so both stay external.
// Run directly (`node --import tsx test/support/host/buildIntegrationTests.ts`) or through the launchers.
import esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
const sourceDir = path.join(repoRoot, 'test', 'integration');
export const integrationOutDir = path.join(repoRoot, 'out', 'test', 'integration');

export interface IntegrationBundle {
  /** The compiled test index: what `extensionTestsPath` points at. */
  readonly indexFile: string;
  readonly testFiles: readonly string[];
}

function findTestSources(): string[] {
  return fs
    .readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.split(path.sep).includes('fixtures'))
    .map((file) => path.join(sourceDir, file))
    .sort();
}

export async function buildIntegrationTests(): Promise<IntegrationBundle> {
  const testSources = findTestSources();
  fs.rmSync(integrationOutDir, { recursive: true, force: true }); // a deleted test must not linger as a stale .js
  const result = await esbuild.build({
    entryPoints: [path.join(sourceDir, 'index.ts'), ...testSources],
    outbase: sourceDir,
    outdir: integrationOutDir,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  if (result.errors.length > 0) throw new Error('building the integration tests failed');
  const compiled = (source: string): string =>
    path.join(integrationOutDir, path.relative(sourceDir, source).replace(/\.ts$/, '.js'));
  return { indexFile: compiled(path.join(sourceDir, 'index.ts')), testFiles: testSources.map(compiled) };
}

if (require.main === module) {
  buildIntegrationTests().then(
    ({ testFiles }) => console.log(`built ${testFiles.length} integration test file(s) into ${integrationOutDir}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
