// The exact body each endpoint is sent for one input, in each suffix style, where each endpoint is on a server, and
// what the records must hold that their type cannot say.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { COMPLETION_ENDPOINTS } from '../../../src/core/settings/completionEndpointSetting';
import { completionUrlsOf, endpointUrl, ENDPOINT_RECORDS, isHost } from '../../../src/core/completions/completionEndpoints';
import type { CompletionInput } from '../../../src/core/completions/completionInput';
import { chatPromptForMiddle, HOLE } from '../../../src/core/completions/chatMiddlePrompt';
import { fimTemplateFor } from '../../../src/core/catalogue/fimTemplates';
import { resolveServiceUrls } from '../../../src/core/http/resolveUrls';
import { completionChatRequest } from '../../support/completionChatRequest';

const QWEN = fimTemplateFor('qwen2.5-coder:7b');
const QWEN_STOP = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>', '<|fim_pad|>', '<|repo_name|>', '<|file_sep|>', '<|im_start|>', '<|im_end|>'];

function input(overrides: Partial<CompletionInput> = {}): CompletionInput {
  return {
    model: 'qwen2.5-coder:7b',
    prefix: 'function add(a, b) {\n  ',
    suffix: '\n}\n',
    filename: 'src/add.ts',
    languageId: 'typescript',
    chunks: [{ filename: 'src/util.ts', text: 'export const one = 1;\n' }],
    maxTokens: 64,
    multiline: true,
    template: QWEN,
    metadata: undefined,
    modelBody: undefined,
    chatRequest: completionChatRequest('qwen2.5-coder:7b'),
    ...overrides,
  };
}

const RAW = '<|fim_prefix|>function add(a, b) {\n  <|fim_suffix|>\n}\n<|fim_middle|>';

describe('completion endpoints', () => {
  describe('bodies', () => {
    it('infill: llama.cpp field names, other files as input_extra, the prompt cache on', () => {
      assert.deepEqual(ENDPOINT_RECORDS.infill.body(input(), 'field'), {
        model: 'qwen2.5-coder:7b',
        input_prefix: 'function add(a, b) {\n  ',
        input_suffix: '\n}\n',
        input_extra: [{ filename: 'src/util.ts', text: 'export const one = 1;\n' }],
        n_predict: 64,
        cache_prompt: true,
        stream: false,
      });
    });

    it('infill: a single-line request stops at a newline, and no template stop words ride on a field request', () => {
      const body = ENDPOINT_RECORDS.infill.body(input({ multiline: false }), 'field');
      assert.deepEqual(body['stop'], ['\n']);
    });

    it('completions, field style: the prefix as prompt and the suffix as its own field, no stop when multi-line', () => {
      assert.deepEqual(ENDPOINT_RECORDS.completions.body(input(), 'field'), {
        model: 'qwen2.5-coder:7b',
        prompt: 'function add(a, b) {\n  ',
        suffix: '\n}\n',
        max_tokens: 64,
        temperature: 0.2,
        stream: false,
      });
    });

    it('completions, template style: the family’s raw prompt, no suffix field, the family’s stop words', () => {
      assert.deepEqual(ENDPOINT_RECORDS.completions.body(input(), 'template'), {
        model: 'qwen2.5-coder:7b',
        prompt: RAW,
        max_tokens: 64,
        temperature: 0.2,
        stream: false,
        stop: QWEN_STOP,
      });
    });

    it('completions, template style on one line: the family’s stop words and then a newline', () => {
      assert.deepEqual(ENDPOINT_RECORDS.completions.body(input({ multiline: false }), 'template')['stop'], [...QWEN_STOP, '\n']);
    });

    it('completions, template style without a known template: the prefix alone', () => {
      const body = ENDPOINT_RECORDS.completions.body(input({ template: undefined }), 'template');
      assert.equal(body['prompt'], 'function add(a, b) {\n  ');
      assert.equal('suffix' in body, false);
      assert.equal('stop' in body, false);
    });

    it('fim: Mistral’s prompt and suffix', () => {
      assert.deepEqual(ENDPOINT_RECORDS.fim.body(input({ model: 'codestral-latest', multiline: false }), 'field'), {
        model: 'codestral-latest',
        prompt: 'function add(a, b) {\n  ',
        suffix: '\n}\n',
        max_tokens: 64,
        temperature: 0.2,
        stream: false,
        stop: ['\n'],
      });
    });

    it('ollama-generate, field style: suffix, no raw, options with num_predict and no stop when multi-line', () => {
      assert.deepEqual(ENDPOINT_RECORDS['ollama-generate'].body(input(), 'field'), {
        model: 'qwen2.5-coder:7b',
        prompt: 'function add(a, b) {\n  ',
        suffix: '\n}\n',
        stream: false,
        options: { num_predict: 64, temperature: 0.2 },
      });
    });

    it('ollama-generate, template style: raw, the rendered prompt, stop words inside options', () => {
      assert.deepEqual(ENDPOINT_RECORDS['ollama-generate'].body(input({ multiline: false }), 'template'), {
        model: 'qwen2.5-coder:7b',
        prompt: RAW,
        raw: true,
        stream: false,
        options: { num_predict: 64, temperature: 0.2, stop: [...QWEN_STOP, '\n'] },
      });
    });

    it('chat: the middle asked for in messages, in the body the one request assembly makes (its metadata, the output limit)', () => {
      const given = input();
      assert.deepEqual(ENDPOINT_RECORDS.chat.body(given, 'field'), {
        model: 'qwen2.5-coder:7b',
        messages: chatPromptForMiddle(given),
        max_tokens: 64,
        temperature: 0.2,
        stream: false,
        metadata: { generation_name: 'inline-completion' },
      });
    });

    it("the chat body carries the profile's extra body and the model's overrides, as every surface's request does", () => {
      const chatRequest = completionChatRequest('qwen2.5-coder:7b', { extraBody: { user: 'team-a' }, modelOverrides: { 'qwen2.5-coder:7b': { temperature: 0.7, extraBody: { top_k: 20 } } } });
      const body = ENDPOINT_RECORDS.chat.body(input({ chatRequest }), 'field');
      assert.equal(body['user'], 'team-a');
      assert.equal(body['top_k'], 20);
      assert.equal(body['temperature'], 0.7, "the model's own temperature wins over the completions' 0.2");
    });

    it('carries the run\'s metadata on every endpoint (the chat endpoint from the same settings), and a FIM body none when the run has none', () => {
      const settings = { 'metadata.tags': ['me'] };
      const metadata = { tags: ['me'], generation_name: 'inline-completion' };
      for (const endpoint of COMPLETION_ENDPOINTS) {
        const record = ENDPOINT_RECORDS[endpoint];
        for (const style of record.styles) {
          assert.deepEqual(record.body(input({ metadata, chatRequest: completionChatRequest('qwen2.5-coder:7b', settings) }), style)['metadata'], metadata, `${endpoint}/${style}`);
          if (endpoint !== 'chat') assert.equal('metadata' in record.body(input(), style), false, `${endpoint}/${style}`);
        }
      }
    });

    it("FIM bodies carry the completion model's overrides: its sampling parameters under each server's names, its extra body, its stop words after the request's", () => {
      const modelBody = { temperature: 0.1, topP: 0.9, repetitionPenalty: 1.1, stop: ['<|end|>'], extraBody: { keep_alive: '5m' } };
      const given = input({ modelBody, multiline: false });
      const infill = ENDPOINT_RECORDS.infill.body(given, 'field');
      assert.deepEqual([infill['temperature'], infill['top_p'], infill['repetition_penalty'], infill['keep_alive'], infill['stop']], [0.1, 0.9, 1.1, '5m', ['\n', '<|end|>']]);
      const completions = ENDPOINT_RECORDS.completions.body(given, 'field');
      assert.deepEqual([completions['temperature'], completions['top_p'], completions['stop']], [0.1, 0.9, ['\n', '<|end|>']]);
      // What the request controls stays the request's: the model, the prompt, the output limit, no stream.
      const controlled = ENDPOINT_RECORDS.completions.body(input({ modelBody: { extraBody: { model: 'other', max_tokens: 9, stream: true } } }), 'field');
      assert.deepEqual([controlled['model'], controlled['max_tokens'], controlled['stream']], ['qwen2.5-coder:7b', 64, false]);
      // Ollama takes sampling in `options`, repetition_penalty as repeat_penalty; the extra body at the top.
      assert.deepEqual(ENDPOINT_RECORDS['ollama-generate'].body(given, 'field'), {
        keep_alive: '5m',
        model: 'qwen2.5-coder:7b',
        prompt: 'function add(a, b) {\n  ',
        suffix: '\n}\n',
        stream: false,
        options: { temperature: 0.1, top_p: 0.9, repeat_penalty: 1.1, stop: ['\n', '<|end|>'], num_predict: 64 },
      });
    });

    it('never streams: every body says stream false', () => {
      for (const endpoint of COMPLETION_ENDPOINTS) {
        for (const style of ENDPOINT_RECORDS[endpoint].styles) assert.equal(ENDPOINT_RECORDS[endpoint].body(input(), style)['stream'], false, endpoint);
      }
    });
  });

  describe('the chat prompt for the middle', () => {
    it('marks the cursor, names the file and its language, and lists other files first', () => {
      const [system, user] = chatPromptForMiddle(input());
      assert.equal(system?.role, 'system');
      assert.equal(user?.role, 'user');
      assert.equal(
        user?.content,
        'Other files for context:\n\nFile src/util.ts:\nexport const one = 1;\n\n\n' +
          'Complete src/add.ts (typescript) at <CURSOR> with the code that belongs at the cursor (several lines if the block needs them).\n\n' +
          `function add(a, b) {\n  ${HOLE}\n}\n`,
      );
    });

    it('asks for the rest of the line only on a single-line request, and names no other files when there are none', () => {
      const user = chatPromptForMiddle(input({ multiline: false, chunks: [], filename: '' }))[1];
      assert.ok(typeof user?.content === 'string');
      assert.ok(user.content.startsWith('Complete this file (typescript) at <CURSOR> with the rest of the current line only.'), user.content);
    });
  });

  describe('urls', () => {
    const urlsOf = (baseUrl: string) => completionUrlsOf(resolveServiceUrls(baseUrl).chatCompletions);

    it('splits a bare server address into its root and its /v1', () => {
      assert.deepEqual(urlsOf('http://localhost:8080'), { root: 'http://localhost:8080', v1: 'http://localhost:8080/v1' });
    });

    it('reads a base URL that ends in /v1 the same way', () => {
      assert.deepEqual(urlsOf('http://localhost:11434/v1'), { root: 'http://localhost:11434', v1: 'http://localhost:11434/v1' });
    });

    it('keeps a path prefix in both', () => {
      const urls = urlsOf('https://gateway.example.com/openai/v1/');
      assert.deepEqual(urls, { root: 'https://gateway.example.com/openai', v1: 'https://gateway.example.com/openai/v1' });
      assert.equal(endpointUrl('infill', urls), 'https://gateway.example.com/openai/infill');
      assert.equal(endpointUrl('ollama-generate', urls), 'https://gateway.example.com/openai/api/generate');
    });

    it('puts each endpoint at its own path', () => {
      const urls = urlsOf('http://localhost:8080');
      assert.equal(endpointUrl('infill', urls), 'http://localhost:8080/infill');
      assert.equal(endpointUrl('completions', urls), 'http://localhost:8080/v1/completions');
      assert.equal(endpointUrl('fim', urls), 'http://localhost:8080/v1/fim/completions');
      assert.equal(endpointUrl('ollama-generate', urls), 'http://localhost:8080/api/generate');
      assert.equal(endpointUrl('chat', urls), 'http://localhost:8080/v1/chat/completions');
    });

    it('sends DeepSeek’s completions to /beta/completions, its chat still to /v1', () => {
      const urls = urlsOf('https://api.deepseek.com');
      assert.equal(endpointUrl('completions', urls), 'https://api.deepseek.com/beta/completions');
      assert.equal(endpointUrl('chat', urls), 'https://api.deepseek.com/v1/chat/completions');
      assert.equal(endpointUrl('completions', urlsOf('https://api.deepseek.com.evil.example')), 'https://api.deepseek.com.evil.example/v1/completions');
    });

    it('compares hosts exactly and survives a string that is not a URL', () => {
      assert.equal(isHost('https://API.Mistral.ai/v1', 'api.mistral.ai'), true);
      assert.equal(isHost('https://notapi.mistral.ai', 'api.mistral.ai'), false);
      assert.equal(isHost('not a url', 'api.mistral.ai'), false);
    });
  });

  describe('the records', () => {
    const records = COMPLETION_ENDPOINTS.map((endpoint) => ENDPOINT_RECORDS[endpoint]);

    it('are filed under their own names', () => {
      for (const endpoint of COMPLETION_ENDPOINTS) assert.equal(ENDPOINT_RECORDS[endpoint].endpoint, endpoint);
    });

    it('each have their own probe rank, so the order auto probes in is never a tie', () => {
      const ranks = records.map((record) => record.probeRank);
      assert.equal(new Set(ranks).size, ranks.length, ranks.join(', '));
    });

    it('claim each hosted API for one endpoint at most', () => {
      const hosts = records.flatMap((record) => record.onlyFimEndpointOf);
      assert.equal(new Set(hosts).size, hosts.length, hosts.join(', '));
    });

    it('each take the suffix as a field first, so a model with no known template has a plan at every endpoint', () => {
      for (const record of records) assert.equal(record.styles[0], 'field', record.endpoint);
    });

    it("are each named in docs/completions.md's table of endpoints", () => {
      const page = readFileSync('docs/completions.md', 'utf8');
      for (const record of records) assert.ok(page.includes(`| \`${record.label}\` |`), `docs/completions.md has no row for ${record.label}`);
    });
  });
});
