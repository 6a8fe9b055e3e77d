// A command's environment: the extension host's, less our variables and any variable holding a key the user stored
// with us.
import assert from 'node:assert/strict';
import { commandEnvironment } from '../../../src/core/tools/commandEnvironment';

describe('a command’s environment', () => {
  it('drops our variables and every variable holding one of our keys, and keeps the rest as they are', () => {
    const key = 'sk-canary-1234567890';
    const { env, removed } = commandEnvironment(
      { PATH: '/usr/bin', HOME: '/home/u', ASK_MODEL_TEST_KEY: 'anything', ask_model_other: 'x', OPENAI_API_KEY: key, AUTH: `Bearer ${key}`, EMPTY: undefined, SHORT: 'abc' },
      [key, 'abc', '  '],
    );
    assert.deepEqual(env, { PATH: '/usr/bin', HOME: '/home/u', SHORT: 'abc' });
    assert.deepEqual(removed.sort(), ['ASK_MODEL_TEST_KEY', 'AUTH', 'OPENAI_API_KEY', 'ask_model_other']);
  });

  it('keeps a user variable that holds none of our keys, whatever its name', () => {
    const { env, removed } = commandEnvironment({ OPENAI_API_KEY: 'sk-the-users-own-key-for-another-tool' }, ['sk-our-stored-key-000']);
    assert.deepEqual(env, { OPENAI_API_KEY: 'sk-the-users-own-key-for-another-tool' });
    assert.deepEqual(removed, []);
  });
});
