import assert from 'node:assert/strict';
import { calibratedTokens, calibrationFit, emptyTokenCalibration, estimatedTokensWithin, parseTokenCalibration, recordPromptUsage, type PromptSample, type TokenCalibration } from '../../../src/core/context/tokenCalibration';

function after(samples: PromptSample[]): TokenCalibration {
  return samples.reduce((calibration, [estimated, reported]) => recordPromptUsage(calibration, estimated, reported), emptyTokenCalibration());
}

describe('calibrating the estimate by what the server counted', () => {
  it('leaves estimates as they are until the server has reported a count', () => {
    assert.deepEqual(calibrationFit(emptyTokenCalibration()), { perToken: 1, overhead: 0 });
    assert.equal(calibratedTokens(emptyTokenCalibration(), 1234), 1234);
  });

  it('scales by the server\'s ratio while the prompts are all of a size', () => {
    const calibration = after([[1000, 1300], [1050, 1365], [980, 1274]]);
    assert.deepEqual(calibrationFit(calibration), { perToken: 1.3, overhead: 0 });
    assert.equal(calibratedTokens(calibration, 4000), 5200);
  });

  it('tells a per-token rate from a constant the server adds (a tool preamble) once prompt sizes differ', () => {
    // What Groq's Llama 4 does: ~630 tokens of its own before the request's (test/fixtures/token-usage).
    const calibration = after([[80, 710], [900, 1530], [3000, 3630], [400, 1030]]);
    const fit = calibrationFit(calibration);
    assert.ok(Math.abs(fit.perToken - 1) < 0.01 && Math.abs(fit.overhead - 630) < 5, JSON.stringify(fit));
    assert.ok(Math.abs(calibratedTokens(calibration, 20_000) - 20_630) < 50);
    assert.equal(estimatedTokensWithin(calibration, 20_630), 20_000);
  });

  it('is not moved by one odd count among steady ones (medians, not means)', () => {
    const calibration = after([[1000, 1200], [2000, 2400], [4000, 12_000], [3000, 3600], [1500, 1800]]);
    const fit = calibrationFit(calibration);
    assert.ok(Math.abs(fit.perToken - 1.2) < 0.05 && fit.overhead < 100, JSON.stringify(fit));
  });

  it('follows a change of tokenizer once the recent counts outvote the old ones', () => {
    let calibration = after(Array.from({ length: 12 }, () => [1000, 1000] as PromptSample));
    for (let answer = 0; answer < 7; answer++) calibration = recordPromptUsage(calibration, 1000, 1500);
    assert.equal(calibrationFit(calibration).perToken, 1.5);
  });

  it('keeps the rate within bounds, never lets the offset undercount, and ignores counts that say nothing', () => {
    assert.equal(calibrationFit(after([[100, 10_000]])).perToken, 3);
    assert.equal(calibrationFit(after([[10_000, 100]])).perToken, 0.4);
    assert.equal(calibrationFit(after([[1000, 800], [3000, 2900]])).overhead, 0);
    const ignored = after([[0, 500], [100, 0], [100, Number.NaN], [Number.NaN, 100], [100, Number.POSITIVE_INFINITY]]);
    assert.deepEqual(ignored, emptyTokenCalibration());
  });

  it('converts a budget in the server\'s tokens back to estimated ones', () => {
    const calibration = after([[1000, 1300], [1000, 1300]]);
    const within = estimatedTokensWithin(calibration, 6500);
    assert.ok(calibratedTokens(calibration, within) <= 6500 && calibratedTokens(calibration, within + 1) > 6500);
  });

  it('is plain data: stored as JSON and read back, with anything unreadable left out', () => {
    const calibration = after([[1000, 1100], [800, 900]]);
    assert.deepEqual(parseTokenCalibration(JSON.parse(JSON.stringify(calibration))), calibration);
    assert.deepEqual(parseTokenCalibration(undefined), emptyTokenCalibration());
    assert.deepEqual(parseTokenCalibration({ samples: 'x' }), emptyTokenCalibration());
    assert.deepEqual(parseTokenCalibration({ samples: [[10, 12], 'x', [1, 2, 3], [-1, 5], [20, 24]] }), { samples: [[10, 12], [20, 24]] });
  });
});
