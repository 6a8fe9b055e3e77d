// The order endpoints are tried in, and what is remembered of each server: the plan that worked, the plans refused,
// the fields dropped; and what was stored, read back safely.
import assert from 'node:assert/strict';
import { completionUrlsOf, type CompletionUrls } from '../../../src/core/completions/completionEndpoints';
import { COMPLETION_ENDPOINTS, type CompletionEndpoint } from '../../../src/core/settings/completionEndpointSetting';
import { candidatePlans, EndpointChooser, planKey, readLearntEndpoints, type EndpointPlan, type LearntEndpointsByServer } from '../../../src/core/completions/endpointChooser';

const LOCAL = completionUrlsOf('http://localhost:8080/v1/chat/completions');
const MISTRAL = completionUrlsOf('https://api.mistral.ai/v1/chat/completions');
const CODESTRAL = completionUrlsOf('https://codestral.mistral.ai/v1/chat/completions');
const DEEPSEEK = completionUrlsOf('https://api.deepseek.com/v1/chat/completions');
const keys = (plans: readonly EndpointPlan[]): string[] => plans.map(planKey);

describe('endpointChooser', () => {
  describe('candidatePlans', () => {
    it('tries, on an unknown server, infill, Ollama, completions (each with suffix, then the raw prompt), fim, then chat', () => {
      assert.deepEqual(keys(candidatePlans(LOCAL, true, 'auto')), [
        'infill/field',
        'ollama-generate/field',
        'ollama-generate/template',
        'completions/field',
        'completions/template',
        'fim/field',
        'chat/field',
      ]);
    });

    it('leaves out the raw-prompt plans when the model has no known template', () => {
      assert.deepEqual(keys(candidatePlans(LOCAL, false, 'auto')), ['infill/field', 'ollama-generate/field', 'completions/field', 'fim/field', 'chat/field']);
    });

    it('asks Mistral’s hosts at /v1/fim/completions, then chat', () => {
      assert.deepEqual(keys(candidatePlans(MISTRAL, true, 'auto')), ['fim/field', 'chat/field']);
      assert.deepEqual(keys(candidatePlans(CODESTRAL, false, 'auto')), ['fim/field', 'chat/field']);
    });

    it('asks DeepSeek with suffix at its completions, then chat', () => {
      assert.deepEqual(keys(candidatePlans(DEEPSEEK, true, 'auto')), ['completions/field', 'chat/field']);
    });

    it('follows a forced setting, with the raw prompt as second style where the endpoint has one', () => {
      assert.deepEqual(keys(candidatePlans(LOCAL, true, 'completions')), ['completions/field', 'completions/template']);
      assert.deepEqual(keys(candidatePlans(LOCAL, false, 'ollama-generate')), ['ollama-generate/field']);
      assert.deepEqual(keys(candidatePlans(MISTRAL, true, 'infill')), ['infill/field']);
      assert.deepEqual(keys(candidatePlans(DEEPSEEK, true, 'chat')), ['chat/field']);
    });

    it('gives, for every setting on every kind of host, with and without a template, exactly these plans', () => {
      // Written out by hand: the probe order and the styles come from the endpoints' records, and this is what they
      // must add up to.
      const auto: [urls: CompletionUrls, withTemplate: string, withoutTemplate: string][] = [
        [LOCAL, 'infill/field ollama-generate/field ollama-generate/template completions/field completions/template fim/field chat/field', 'infill/field ollama-generate/field completions/field fim/field chat/field'],
        [MISTRAL, 'fim/field chat/field', 'fim/field chat/field'],
        [CODESTRAL, 'fim/field chat/field', 'fim/field chat/field'],
        [DEEPSEEK, 'completions/field chat/field', 'completions/field chat/field'],
      ];
      const forced: Record<CompletionEndpoint, [withTemplate: string, withoutTemplate: string]> = {
        infill: ['infill/field', 'infill/field'],
        completions: ['completions/field completions/template', 'completions/field'],
        fim: ['fim/field', 'fim/field'],
        'ollama-generate': ['ollama-generate/field ollama-generate/template', 'ollama-generate/field'],
        chat: ['chat/field', 'chat/field'],
      };
      for (const [urls, withTemplate, withoutTemplate] of auto) {
        assert.equal(keys(candidatePlans(urls, true, 'auto')).join(' '), withTemplate, `${urls.root} auto`);
        assert.equal(keys(candidatePlans(urls, false, 'auto')).join(' '), withoutTemplate, `${urls.root} auto, no template`);
        for (const endpoint of COMPLETION_ENDPOINTS) {
          assert.equal(keys(candidatePlans(urls, true, endpoint)).join(' '), forced[endpoint][0], `${urls.root} ${endpoint}`);
          assert.equal(keys(candidatePlans(urls, false, endpoint)).join(' '), forced[endpoint][1], `${urls.root} ${endpoint}, no template`);
        }
      }
    });
  });

  describe('EndpointChooser', () => {
    const candidates = candidatePlans(LOCAL, true, 'auto');

    it('starts with the first candidate', () => {
      assert.deepEqual(new EndpointChooser().planFor('s', candidates), { endpoint: 'infill', style: 'field' });
    });

    it('skips refused plans, for that server only', () => {
      const chooser = new EndpointChooser();
      chooser.refused('s', { endpoint: 'infill', style: 'field' });
      chooser.refused('s', { endpoint: 'ollama-generate', style: 'field' });
      assert.deepEqual(chooser.planFor('s', candidates), { endpoint: 'ollama-generate', style: 'template' });
      assert.deepEqual(chooser.planFor('other', candidates), { endpoint: 'infill', style: 'field' });
    });

    it('skips every style of an endpoint with nothing behind it, forgets it as the working plan, and stores it as plans', () => {
      const stored: LearntEndpointsByServer[] = [];
      const chooser = new EndpointChooser({}, (value) => stored.push(structuredClone(value)));
      chooser.worked('s', { endpoint: 'ollama-generate', style: 'template' });
      chooser.refusedEndpoint('s', 'infill');
      chooser.refusedEndpoint('s', 'ollama-generate');
      chooser.refusedEndpoint('s', 'ollama-generate');
      assert.deepEqual(chooser.planFor('s', candidates), { endpoint: 'completions', style: 'field' });
      assert.deepEqual(stored.at(-1), { s: { refused: ['infill/field', 'ollama-generate/field', 'ollama-generate/template'], working: undefined, droppedFields: {} } });
      assert.deepEqual(chooser.planFor('other', candidates), { endpoint: 'infill', style: 'field' });
    });

    it('gives no plan when every candidate was refused', () => {
      const chooser = new EndpointChooser();
      for (const plan of candidates) chooser.refused('s', plan);
      assert.equal(chooser.planFor('s', candidates), undefined);
    });

    it('sticks to the plan that worked, saying so only the first time', () => {
      const chooser = new EndpointChooser();
      const plan: EndpointPlan = { endpoint: 'completions', style: 'template' };
      assert.equal(chooser.worked('s', plan), true);
      assert.equal(chooser.worked('s', plan), false);
      assert.deepEqual(chooser.planFor('s', candidates), plan);
    });

    it('ignores a working plan that is not among the candidates (the setting changed)', () => {
      const chooser = new EndpointChooser();
      chooser.worked('s', { endpoint: 'chat', style: 'field' });
      assert.deepEqual(chooser.planFor('s', candidatePlans(LOCAL, true, 'completions')), { endpoint: 'completions', style: 'field' });
    });

    it('forgets the working plan once it is refused', () => {
      const chooser = new EndpointChooser();
      const plan: EndpointPlan = { endpoint: 'infill', style: 'field' };
      chooser.worked('s', plan);
      chooser.refused('s', plan);
      assert.deepEqual(chooser.planFor('s', candidates), { endpoint: 'ollama-generate', style: 'field' });
    });

    it('remembers dropped fields per endpoint, once each', () => {
      const chooser = new EndpointChooser();
      chooser.dropField('s', 'fim', 'metadata');
      chooser.dropField('s', 'fim', 'metadata');
      chooser.dropField('s', 'fim', 'temperature');
      assert.deepEqual(chooser.droppedFields('s', 'fim'), ['metadata', 'temperature']);
      assert.deepEqual(chooser.droppedFields('s', 'chat'), []);
      assert.deepEqual(chooser.droppedFields('other', 'fim'), []);
    });

    it('reports every change to be stored, and forgets a server', () => {
      const stored: LearntEndpointsByServer[] = [];
      const learnt: LearntEndpointsByServer = {};
      const chooser = new EndpointChooser(learnt, (value) => stored.push(structuredClone(value)));
      chooser.refused('s', { endpoint: 'infill', style: 'field' });
      chooser.worked('s', { endpoint: 'chat', style: 'field' });
      chooser.dropField('s', 'chat', 'metadata');
      assert.equal(stored.length, 3);
      assert.deepEqual(stored.at(-1), { s: { refused: ['infill/field'], working: { endpoint: 'chat', style: 'field' }, droppedFields: { chat: ['metadata'] } } });
      chooser.forget('s');
      assert.deepEqual(stored.at(-1), {});
      assert.deepEqual(chooser.planFor('s', candidates), { endpoint: 'infill', style: 'field' });
    });

    it('starts from what was learnt before, as stored', () => {
      const stored = JSON.parse(JSON.stringify({ s: { refused: ['infill/field'], working: { endpoint: 'completions', style: 'template' }, droppedFields: { completions: ['metadata'] } } })) as unknown;
      const chooser = new EndpointChooser(readLearntEndpoints(stored));
      assert.deepEqual(chooser.planFor('s', candidates), { endpoint: 'completions', style: 'template' });
      assert.deepEqual(chooser.droppedFields('s', 'completions'), ['metadata']);
    });
  });

  describe('readLearntEndpoints', () => {
    it('reads nothing from a value that is not an object', () => {
      for (const stored of [undefined, null, 'text', 42, [], [{ refused: [] }]]) assert.deepEqual(readLearntEndpoints(stored), {}, JSON.stringify(stored));
    });

    it('skips servers whose entry is not an object, and keeps only strings in refused', () => {
      assert.deepEqual(readLearntEndpoints({ a: 'x', b: null, c: { refused: ['infill/field', 3, null] } }), { c: { working: undefined, refused: ['infill/field'], droppedFields: {} } });
    });

    it('drops a working plan of the wrong form', () => {
      assert.equal(readLearntEndpoints({ s: { working: { endpoint: 'chat', style: 'sideways' } } })['s']?.working, undefined);
      assert.equal(readLearntEndpoints({ s: { working: 'chat/field' } })['s']?.working, undefined);
      assert.equal(readLearntEndpoints({ s: { working: { endpoint: 'gopher', style: 'field' } } })['s']?.working, undefined);
    });

    it('keeps only lists of field names in droppedFields, under known endpoints', () => {
      const read = readLearntEndpoints({ s: { refused: [], droppedFields: { fim: 'metadata', chat: ['metadata', 7], completions: null, gopher: ['x'] } } });
      assert.deepEqual(read['s']?.droppedFields, { chat: ['metadata'] });
      assert.deepEqual(readLearntEndpoints({ s: { droppedFields: ['metadata'] } })['s']?.droppedFields, {});
    });

    it('lets a chooser built on a damaged value learn without throwing', () => {
      const chooser = new EndpointChooser(readLearntEndpoints({ s: { refused: 'all', droppedFields: { fim: 'metadata' } } }));
      chooser.dropField('s', 'fim', 'temperature');
      chooser.refused('s', { endpoint: 'infill', style: 'field' });
      assert.deepEqual(chooser.droppedFields('s', 'fim'), ['temperature']);
      assert.deepEqual(chooser.planFor('s', candidatePlans(LOCAL, false, 'auto')), { endpoint: 'ollama-generate', style: 'field' });
    });
  });
});
