// The bench's in-host entry (`extensionTestsPath`): code-server's workbench runs its run() inside a real extension
// host with the packaged extension and the floor extension installed and the generated workspace open. It reads the plan
// the bench wrote, measures activation (every start) and the tools (the first), and writes what it found as JSON.
// Progress goes to a file the bench follows: console output in the extension host reaches no terminal.
import fs from 'node:fs';
import { PLAN_ENV, type BenchPlan, type StartResult } from '../benchPlan';
import { measureActivation } from './activation';
import { measureCommandMemory } from './commandMemory';
import { timeTools } from './toolTimings';

export async function run(): Promise<void> {
  const planFile = process.env[PLAN_ENV];
  if (!planFile) throw new Error(`${PLAN_ENV} is not set: this entry runs only under npm run bench`);
  const plan = JSON.parse(fs.readFileSync(planFile, 'utf8')) as BenchPlan;
  const progress = (line: string): void => fs.appendFileSync(plan.progressFile, `${line}\n`);
  try {
    const activation = await measureActivation();
    const tools = plan.tools ? await timeTools(plan.tools, progress) : undefined;
    const commandMemory = plan.commandMemory ? await measureCommandMemory(plan.commandMemory, progress) : undefined;
    const result: StartResult = { start: plan.start, ...activation, ...(tools ? { tools } : {}), ...(commandMemory ? { commandMemory } : {}) };
    fs.writeFileSync(plan.resultFile, JSON.stringify(result));
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    fs.writeFileSync(plan.resultFile, JSON.stringify({ start: plan.start, error: message }));
    throw error;
  }
}
