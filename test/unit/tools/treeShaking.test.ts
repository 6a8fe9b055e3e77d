// The host imports the core's index everywhere. Until (and wherever) it uses the tools, they must cost the
// extension's bundle nothing: no module-level schema construction that esbuild cannot drop.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { build } from 'esbuild';

describe('the tools and tree shaking', () => {
  it('a bundle that imports the core index without the tools carries none of their code', async () => {
    const root = path.resolve(__dirname, '../../..');
    const result = await build({
      stdin: { contents: "export { resolveServiceUrls, readExtensionSettings, ChatClient } from './src/core';", resolveDir: root, loader: 'ts' },
      bundle: true,
      minify: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      metafile: true,
      logLevel: 'silent',
    });
    const output = Object.values(result.metafile.outputs)[0];
    assert.ok(output);
    const kept = Object.entries(output.inputs).filter(([file, input]) => file.includes('src/core/tools/') && input.bytesInOutput > 0);
    assert.deepEqual(kept.map(([file, input]) => `${file}: ${input.bytesInOutput} bytes`), []);
    assert.ok(!Object.keys(output.inputs).some((file) => /to-json-schema/.test(file) && (output.inputs[file]?.bytesInOutput ?? 0) > 0), 'z.toJSONSchema left out');
  });
});
