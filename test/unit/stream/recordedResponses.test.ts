// Every response body in test/fixtures/recorded (sent by a real server, taken from a public source) replayed through
// our ChatClient, whole and cut at byte boundaries, must assemble to what its source says a user must see. The same
// bodies through the openai SDK's own accumulator are checked against the list of cases it is known to get wrong, so
// that list stays true (it is what the bench's pass counts report).
import assert from 'node:assert/strict';
import { everySplit, seededSplits, utf8 } from '../../support/byteSplits';
import { compareAnswer, loadRecordedCases } from '../../support/recorded/recordedCases';
import { replayThroughClient } from '../../support/recorded/replayThroughClient';
import { replayThroughSdk } from '../../support/recorded/replayThroughSdk';

const cases = loadRecordedCases();
/** Bodies up to this size are cut at every byte boundary; longer ones at seeded random boundaries. */
const EVERY_SPLIT_LIMIT = 1500;

describe('recorded responses from real servers', () => {
  it('the corpus has at least 40 cases from at least 10 providers, each with its source', () => {
    assert.ok(cases.length >= 40, `${cases.length} cases`);
    const providers = new Set(cases.map((c) => c.provider));
    assert.ok(providers.size >= 10, `${providers.size} providers: ${[...providers].join(', ')}`);
    for (const c of cases) assert.match(c.sourceUrl, /^https:\/\//, c.name);
  });

  describe('through ChatClient', () => {
    for (const recorded of cases) {
      it(`${recorded.name}: ${recorded.description}`, async () => {
        const whole = await replayThroughClient(recorded);
        assert.deepEqual(compareAnswer(recorded.expected, whole), [], `${recorded.name} (source: ${recorded.sourceUrl})`);
        const bytes = utf8(recorded.body);
        const splits = bytes.length <= EVERY_SPLIT_LIMIT ? everySplit(bytes) : seededSplits(bytes, 0x5eed + bytes.length, 40, 48);
        let n = 0;
        for (const pieces of splits) {
          assert.deepEqual(await replayThroughClient(recorded, pieces), whole, `${recorded.name}: split #${++n} differs from the whole body`);
        }
      });
    }
  });

  describe('through the openai SDK', () => {
    it('gets exactly the known cases wrong (the bench reports the counts)', async () => {
      const wrong: string[] = [];
      for (const recorded of cases) {
        if (compareAnswer(recorded.expected, await replayThroughSdk(recorded)).length > 0) wrong.push(recorded.name);
      }
      assert.deepEqual(wrong, SDK_GETS_WRONG);
    });
  });
});

/**
 * Cases the openai SDK (its `stream().finalChatCompletion()` and `create()`) assembles differently from what the user
 * must see; `npm run bench` prints what each gets wrong. In short: its accumulator assigns unknown delta fields
 * instead of appending them (reasoning keeps only the last piece), it knows no typed content parts, it drops tool calls
 * without `index`, it reads no error wrapped in an array, it throws away the usage sent with an in-stream error, it
 * ignores llama.cpp's `error:` line (the answer looks empty and whole), and the text before an in-stream error is lost
 * with the accumulated completion. A whole 200 answer that is only an error (LM Studio's "Unexpected endpoint or
 * method" for a path it does not serve) it returns as an empty answer, with no error, and of Mistral's top-level error
 * object (`{"object":"error","message":…}`) it reads no words ("429 status code (no body)"). Of a gateway's (Portkey's) own error shapes it reads no words at all ("400 status
 * code (no body)" for `{"status":"failure",…}` and `{"html-message":…}`), and it shows the upstream's words relayed in
 * the provider wrapper with the wrapper's "openai error: " and nothing of who said them or where the fix is.
 */
const SDK_GETS_WRONG: string[] = [
  'deepseek/reasoning-only-truncated-length-stream',
  'deepseek/tool-call-after-reasoning-stream',
  'gemini/error-404-wrapped-in-array',
  'gemini/stream-tool-call-no-index-single-chunk',
  'llama.cpp/sse-error-field-exceed-context-200',
  'lm-studio/unexpected-endpoint-200-no-v1',
  'mistral/error-400-assistant-message-content-or-tool-calls',
  'mistral/error-429-service-tier-capacity-invalid-request-type',
  'mistral/magistral-thinking-parts-stream',
  'mistral/reasoning-content-parts-nonstream',
  'mistral/tool-call-no-index-stream',
  'openai/server-error-after-partial-text-stream',
  'openrouter/error-in-200-stream-after-length',
  'portkey/gateway-exception-500-hono-node-server-1.19',
  'portkey/invalid-custom-host-400',
  'portkey/invalid-provider-400',
  'portkey/missing-provider-header-400',
  'portkey/provider-wrapper-400-llamacpp',
  'portkey/provider-wrapper-404-wrong-path',
  'portkey/upstream-bad-port-500',
  'portkey/upstream-connect-timeout-503',
  'portkey/upstream-html-page-501',
  'portkey/upstream-refused-500',
  'portkey/upstream-unknown-host-500',
  'xai/reasoning-text-stream',
  'xai/tool-call-stream',
];
