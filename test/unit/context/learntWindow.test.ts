// Which learnt windows are believed: never one below the floor, never one smaller than a prompt this model already
// took, and what is adopted only ever narrows the catalogue's window.
import assert from 'node:assert/strict';
import { FakeContextMemory } from '../../support/fakes/chat/fakeChatSessionPorts';
import { LearntWindow, MIN_CONTEXT_WINDOW, judgeLearntWindow } from '../../../src/core/context/learntWindow';

describe('learnt context window', () => {
  it('adopts a plausible window', () => {
    assert.deepEqual(judgeLearntWindow(8192, { largestServedPrompt: undefined }), { adopt: true });
    assert.deepEqual(judgeLearntWindow(MIN_CONTEXT_WINDOW, { largestServedPrompt: 200 }), { adopt: true });
  });

  it('refuses a window below the floor (a server that names a few tokens misreports)', () => {
    for (const tiny of [1, 4, 255]) {
      const verdict = judgeLearntWindow(tiny, { largestServedPrompt: undefined });
      assert.equal(verdict.adopt, false);
      assert.match(verdict.adopt ? '' : verdict.reason, /below 256/);
    }
  });

  it('refuses a window smaller than a prompt this model already answered', () => {
    const verdict = judgeLearntWindow(4096, { largestServedPrompt: 6000 });
    assert.equal(verdict.adopt, false);
    assert.match(verdict.adopt ? '' : verdict.reason, /already answered a prompt of 6000 tokens/);
  });

  it('refuses what is not a number of tokens', () => {
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(judgeLearntWindow(bad, { largestServedPrompt: undefined }).adopt, false);
  });

  it('reports each refusal and keeps the window it had', () => {
    const rejected: string[] = [];
    const learnt = new LearntWindow((window, reason) => rejected.push(`${window}: ${reason}`));
    learnt.served(3000);
    learnt.served(1200); // a smaller prompt later does not lower the evidence
    assert.equal(learnt.learn(8192).adopt, true);
    assert.equal(learnt.learn(2048).adopt, false);
    assert.equal(learnt.learn(4).adopt, false);
    assert.deepEqual(learnt.window(undefined), { contextWindow: 8192, maxOutputTokens: undefined });
    assert.equal(rejected.length, 2);
    assert.match(rejected[0] ?? '', /^2048: this model already answered a prompt of 3000 tokens/);
    assert.match(rejected[1] ?? '', /^4: .*below 256/);
  });

  it('narrows the catalogue window, never widens it', () => {
    const learnt = new LearntWindow();
    assert.equal(learnt.window(undefined), undefined);
    assert.deepEqual(learnt.window({ contextWindow: 32768, maxOutputTokens: 1000 }), { contextWindow: 32768, maxOutputTokens: 1000 });
    learnt.learn(16384);
    assert.deepEqual(learnt.window({ contextWindow: 32768, maxOutputTokens: 1000 }), { contextWindow: 16384, maxOutputTokens: 1000 });
    assert.deepEqual(learnt.window({ contextWindow: 8192 }), { contextWindow: 8192, maxOutputTokens: undefined });
  });

  it('the fake memory judges as the host does', () => {
    const memory = new FakeContextMemory({ contextWindow: 32768 });
    memory.served(5000);
    memory.learnWindow(1);
    memory.learnWindow(4000);
    assert.deepEqual(memory.learnt, [1, 4000]);
    assert.equal(memory.rejected.length, 2);
    assert.equal(memory.window()?.contextWindow, 32768);
    memory.learnWindow(16000);
    assert.equal(memory.window()?.contextWindow, 16000);
  });
});
