// The walkthrough in package.json against its record (walkthroughSteps.ts): the same steps in the same order, each
// completed by what the record says, each page shipped in the package, each button a command that exists, and each
// step the host completes signalled somewhere in the host.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { completionEventsOf, WALKTHROUGH_ID, WALKTHROUGH_STEPS, type WalkthroughStep } from '../../../src/core/walkthrough/walkthroughSteps';

const root = path.resolve(__dirname, '../../..');
interface ManifestStep {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string };
  completionEvents: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: { walkthroughs: { id: string; steps: ManifestStep[] }[]; commands: { command: string }[] };
};
const walkthrough = manifest.contributes.walkthroughs.find((candidate) => candidate.id === WALKTHROUGH_ID);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

describe('the walkthrough in package.json', () => {
  it('has the record’s steps, in its order', () => {
    assert.ok(walkthrough, `package.json has a walkthrough ${WALKTHROUGH_ID}`);
    assert.deepEqual(
      walkthrough.steps.map((step) => step.id),
      Object.keys(WALKTHROUGH_STEPS),
    );
  });

  it('completes each step by what the record says (never by a button press: no onCommand event)', () => {
    for (const step of walkthrough?.steps ?? []) {
      assert.deepEqual(step.completionEvents, completionEventsOf(step.id as WalkthroughStep), step.id);
      assert.ok(!step.completionEvents.some((event) => event.startsWith('onCommand:')), step.id);
    }
  });

  it('ships each step’s page: the file exists and .vscodeignore lets it into the package', () => {
    const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
    for (const step of walkthrough?.steps ?? []) {
      const page = step.media.markdown;
      assert.ok(page, `${step.id} has a Markdown page`);
      assert.ok(fs.existsSync(path.join(root, page)), page);
      assert.ok(ignore.includes(`!${path.dirname(page)}/*.md`) || ignore.includes(`!${page}`), `${page} is in the package`);
    }
  });

  it('each button runs a command Ask Model declares or one of VS Code’s own', () => {
    const declared = new Set(manifest.contributes.commands.map((command) => command.command));
    const links = (walkthrough?.steps ?? []).flatMap((step) => [...step.description.matchAll(/\]\(command:([^)?]+)/g)].map((match) => match[1] ?? ''));
    assert.ok(links.length >= 7, 'a button per step at least');
    for (const command of links) assert.ok(declared.has(command) || command.startsWith('workbench.action.'), command);
  });

  it('every step the host completes is signalled in the host (walkthroughStepDone)', () => {
    const host = filesUnder(path.join(root, 'src', 'host'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    for (const [step, rule] of Object.entries(WALKTHROUGH_STEPS)) {
      if (rule === 'context') assert.ok(host.includes(`walkthroughStepDone('${step}')`), `nothing in src/host completes ${step}`);
    }
  });
});
