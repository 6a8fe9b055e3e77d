// The shipped tool parameters are exactly what z.toJSONSchema makes of the schemas today (rule 9 holds, just ahead
// of time). If this fails, run `npm run generate:tools` and commit the result.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { GENERATED_PARAMETERS, generateToolParameters } from '../../support/generateToolDefinitions';

describe('generated tool parameters', () => {
  it('match the zod schemas (run `npm run generate:tools` if not)', () => {
    const shipped: unknown = JSON.parse(fs.readFileSync(GENERATED_PARAMETERS, 'utf8'));
    assert.deepEqual(shipped, generateToolParameters());
  });
});
