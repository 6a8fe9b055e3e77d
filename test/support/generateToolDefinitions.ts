// Writes src/core/tools/toolParameters.generated.json: each workspace tool's parameters, made from its record's zod
// schema by z.toJSONSchema (design rule 9). Generated ahead of time so the extension does not ship the 21 KB
// JSON-Schema converter; a unit test regenerates them and fails when the file is stale. Run: npm run generate:tools
import * as fs from 'node:fs';
import * as path from 'node:path';
import { functionParameters } from '../../src/core/tools/functionDefinition';
import { WORKSPACE_TOOLS } from '../../src/core/tools/workspaceTools';

export const GENERATED_PARAMETERS = path.join(__dirname, '..', '..', 'src', 'core', 'tools', 'toolParameters.generated.json');

export function generateToolParameters(): Record<string, unknown> {
  return Object.fromEntries(WORKSPACE_TOOLS.map((tool) => [tool.name, functionParameters(tool.name, tool.schema)]));
}

if (require.main === module) {
  fs.writeFileSync(GENERATED_PARAMETERS, `${JSON.stringify(generateToolParameters(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_PARAMETERS)}`);
}
