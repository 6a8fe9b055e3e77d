// A LiteLLM key's spend and budget: /key/info bodies from LiteLLM's docs and a captured one (test/fixtures/key-info),
// the warning levels at 80 % and 95 %, and the watch that asks at most once a minute.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { budgetLevel, budgetWarning, formatKeyBudget, parseKeyInfo, type KeyBudget } from '../../../src/core/cost/keyBudget';
import { KeyBudgetWatch } from '../../../src/core/cost/keyBudgetWatch';

interface KeyInfoFixture {
  body: string;
  source: { url: string };
  expected: { spend: number; maxBudget: number | null; budgetDuration: string | null; budgetResetAt: string | null; keyName: string | null; level: string };
}

const DIR = path.resolve(__dirname, '..', '..', 'fixtures', 'key-info');
const fixtures = fs
  .readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, ...(JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as KeyInfoFixture) }));
const budget = (spend: number, maxBudget: number | undefined): KeyBudget => ({ spend, maxBudget, budgetDuration: undefined, budgetResetAt: undefined, keyName: undefined });

describe('LiteLLM /key/info', () => {
  it('has recorded bodies, each with its public source', () => {
    assert.ok(fixtures.length >= 3);
    for (const fixture of fixtures) assert.match(fixture.source.url, /^https:\/\/github\.com\/BerriAI\/litellm\//, fixture.name);
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: reads what the body says`, () => {
      const read = parseKeyInfo(JSON.parse(fixture.body));
      assert.ok(read, 'parsed');
      const { expected } = fixture;
      assert.deepEqual(read, {
        spend: expected.spend,
        maxBudget: expected.maxBudget ?? undefined,
        budgetDuration: expected.budgetDuration ?? undefined,
        budgetResetAt: expected.budgetResetAt ?? undefined,
        keyName: expected.keyName ?? undefined,
      });
      assert.equal(budgetLevel(read), expected.level);
    });
  }

  it('is not fooled by another server’s answer at that path', () => {
    for (const other of [undefined, 'Not Found', { detail: 'Not Found' }, { error: { message: 'no route' } }, { info: { spend: 'lots' } }, []]) assert.equal(parseKeyInfo(other), undefined);
  });

  it('warns from 80 % and more strongly from 95 %; a used-up key says what to do', () => {
    assert.equal(budgetLevel(budget(7.99, 10)), 'ok');
    assert.equal(budgetLevel(budget(8, 10)), 'warning');
    assert.equal(budgetLevel(budget(9.49, 10)), 'warning');
    assert.equal(budgetLevel(budget(9.5, 10)), 'critical');
    assert.equal(budgetLevel(budget(12, 10)), 'critical');
    assert.equal(budgetLevel(budget(0, 0)), 'critical');
    assert.equal(budgetLevel(budget(1000, undefined)), 'ok');
    assert.equal(budgetWarning(budget(7, 10)), undefined);
    assert.equal(budgetWarning(budget(8.5, 10)), 'The LiteLLM key has used 85 % of its budget ($8.50 of $10.00).');
    const captured = fixtures.find((fixture) => fixture.name === 'over-budget-captured.json') as KeyInfoFixture;
    assert.match(budgetWarning(parseKeyInfo(JSON.parse(captured.body)) as KeyBudget) ?? '', /budget is used up \(\$3\.05 of \$2\.50\): the proxy will refuse requests\. Ask its admin to raise it, or switch profile\./);
  });

  it('says spend, budget, window and reset in one line', () => {
    assert.equal(
      formatKeyBudget({ spend: 3.05, maxBudget: 10, budgetDuration: '30d', budgetResetAt: '2024-07-01T00:00:00+00:00', keyName: 'dev' }),
      'LiteLLM key "dev": $3.05 of $10.00 spent (31 %), budget per 30d, resets 2024-07-01 00:00 UTC.',
    );
    assert.equal(formatKeyBudget(budget(0.0001065, undefined)), 'LiteLLM key: $0.00011 spent, no budget set.');
  });
});

describe('KeyBudgetWatch', () => {
  const captured = JSON.parse((fixtures.find((fixture) => fixture.name === 'over-budget-captured.json') as KeyInfoFixture).body) as unknown;

  it('asks at most once a minute, shares a request in flight, and asks again when forced', async () => {
    let now = 0;
    let asked = 0;
    const watch = new KeyBudgetWatch({ now: () => now, request: async () => (asked++, { status: 200, json: captured }) });
    const [first, second] = await Promise.all([watch.refresh(), watch.refresh()]);
    assert.equal(asked, 1);
    assert.equal(first.kind, 'known');
    assert.equal(second, first);
    now = 59_999;
    await watch.refresh();
    assert.equal(asked, 1);
    now = 60_000;
    await watch.refresh();
    assert.equal(asked, 2);
    await watch.refresh(true);
    assert.equal(asked, 3);
  });

  it('a server without /key/info is not asked again after answering 404; a failure keeps what was known and asks later', async () => {
    let now = 0;
    let asked = 0;
    const absent = new KeyBudgetWatch({ now: () => now, request: async () => (asked++, { status: 404, json: undefined }) });
    assert.equal((await absent.refresh()).kind, 'absent');
    now = 120_000;
    assert.equal((await absent.refresh()).kind, 'absent');
    assert.equal(asked, 1);

    let fail = false;
    const flaky = new KeyBudgetWatch({
      now: () => now,
      request: async () => {
        if (fail) throw new TypeError('fetch failed');
        return { status: 200, json: captured };
      },
    });
    assert.equal((await flaky.refresh()).kind, 'known');
    fail = true;
    now += 60_000;
    const after = await flaky.refresh();
    assert.equal(after.kind, 'known', 'what was known stays');
  });
});
