import assert from 'node:assert/strict';
import { readProjectRulesSetting, RULES_KINDS } from '../../../src/core/rules/projectRulesSetting';
import { SettingsError } from '../../../src/core/errors/AskModelError';

const read = (value: unknown) => readProjectRulesSetting((key) => (key === 'projectRules' ? value : undefined));

describe('askModel.projectRules', () => {
  it('reads every kind when unset or true', () => {
    assert.deepEqual(read(undefined), { kinds: [...RULES_KINDS], paths: [] });
    assert.deepEqual(read(true), { kinds: [...RULES_KINDS], paths: [] });
  });

  it('reads none when false or an empty list', () => {
    assert.deepEqual(read(false), { kinds: [], paths: [] });
    assert.deepEqual(read([]), { kinds: [], paths: [] });
  });

  it('takes the kinds listed, in their order, and other entries as paths inside the folder', () => {
    assert.deepEqual(read(['CLAUDE.md', './AGENTS.md', 'docs\\ai-rules.md', 'rules/', 'CLAUDE.md', '  ']), {
      kinds: ['CLAUDE.md', 'AGENTS.md'],
      paths: ['docs/ai-rules.md', 'rules'],
    });
  });

  for (const [value, says] of [
    ['AGENTS.md', /must be true, false or a list/],
    [[42], /lists 42; each entry must be text/],
    [['../other/AGENTS.md'], /climbs out with "\.\."/],
    [['/etc/passwd'], /is absolute/],
    [['C:/rules.md'], /is absolute/],
    [['file:///x.md'], /is a URI/],
    [['~/rules.md'], /home folder/],
  ] as const) {
    it(`refuses ${JSON.stringify(value)} with a message that names the setting`, () => {
      assert.throws(
        () => read(value),
        (error: unknown) => error instanceof SettingsError && error.message.startsWith('Setting askModel.projectRules: ') && says.test(error.message),
      );
    });
  }
});
