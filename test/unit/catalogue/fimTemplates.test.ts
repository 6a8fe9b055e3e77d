// Each code-model family's raw FIM prompt, token for token, the family read from real model ids, and the user's own
// template.
import assert from 'node:assert/strict';
import { customTemplate, fimFamilyOf, fimTemplateFor, isFimFamily, isUsableTemplate, FIM_FAMILIES } from '../../../src/core/catalogue/fimTemplates';

const PREFIX = 'def add(a, b):\n    ';
const SUFFIX = '\n\nprint(add(1, 2))\n';

function render(family: string): string {
  const template = fimTemplateFor('any-model', family);
  assert.ok(template, family);
  return template.render(PREFIX, SUFFIX);
}

describe('fimTemplates', () => {
  describe('fimFamilyOf', () => {
    const cases: [string, string | undefined][] = [
      ['qwen2.5-coder:7b', 'qwen'],
      ['Qwen/Qwen2.5-Coder-1.5B', 'qwen'],
      ['qwen3-coder:30b', 'qwen'],
      ['bigcode/starcoder2-3b', 'starcoder'],
      ['starcoder2:3b', 'starcoder'],
      ['stable-code:3b', 'starcoder'],
      ['deepseek-coder-6.7b-base', 'deepseek'],
      ['deepseek-ai/deepseek-coder-1.3b-base', 'deepseek'],
      ['codellama:7b-code', 'codellama'],
      ['meta-llama/CodeLlama-7b-hf', 'codellama'],
      ['codestral-latest', 'codestral'],
      ['codegemma:2b', 'codegemma'],
      ['gpt-4o', undefined],
      ['qwen2.5:7b', undefined],
      ['deepseek-chat', undefined],
      ['llama3.2', undefined],
    ];
    for (const [model, family] of cases) {
      it(`reads ${model} as ${family ?? 'no family'}`, () => {
        assert.equal(fimFamilyOf(model), family);
      });
    }
  });

  describe('each family renders its own tokens', () => {
    it('Qwen: <|fim_prefix|>, <|fim_suffix|>, <|fim_middle|>', () => {
      assert.equal(render('qwen'), `<|fim_prefix|>${PREFIX}<|fim_suffix|>${SUFFIX}<|fim_middle|>`);
    });
    it('StarCoder: <fim_prefix>, <fim_suffix>, <fim_middle> without bars', () => {
      assert.equal(render('starcoder'), `<fim_prefix>${PREFIX}<fim_suffix>${SUFFIX}<fim_middle>`);
    });
    it('DeepSeek: full-width bars (U+FF5C) and the low line block (U+2581)', () => {
      const rendered = render('deepseek');
      assert.equal(rendered, `<\uFF5Cfim\u2581begin\uFF5C>${PREFIX}<\uFF5Cfim\u2581hole\uFF5C>${SUFFIX}<\uFF5Cfim\u2581end\uFF5C>`);
      assert.ok(!rendered.includes('<|fim'), 'no ASCII bar');
      assert.ok(!rendered.includes('fim_'), 'no ASCII underscore');
    });
    it('Code Llama: <PRE> and a space, a space before <SUF> and before <MID>', () => {
      assert.equal(render('codellama'), `<PRE> ${PREFIX} <SUF>${SUFFIX} <MID>`);
    });
    it('Codestral: the suffix first, then the prefix, no middle token', () => {
      assert.equal(render('codestral'), `[SUFFIX]${SUFFIX}[PREFIX]${PREFIX}`);
    });
    it('CodeGemma: Qwen-like holes, its own stop words', () => {
      assert.equal(render('codegemma'), `<|fim_prefix|>${PREFIX}<|fim_suffix|>${SUFFIX}<|fim_middle|>`);
      assert.ok(fimTemplateFor('codegemma:2b')?.stop.includes('<|file_separator|>'));
    });
  });

  describe('stop words', () => {
    it('end Qwen at another file or another hole', () => {
      const stop = fimTemplateFor('qwen2.5-coder:7b')?.stop ?? [];
      for (const word of ['<|endoftext|>', '<|file_sep|>', '<|fim_prefix|>', '<|fim_middle|>']) assert.ok(stop.includes(word), word);
    });
    it('end DeepSeek at its end of sentence token, in its own spelling', () => {
      assert.ok(fimTemplateFor('deepseek-coder-6.7b-base')?.stop.includes('<\uFF5Cend\u2581of\u2581sentence\uFF5C>'));
    });
    it('end Code Llama at <EOT> and Codestral at [PREFIX]', () => {
      assert.ok(fimTemplateFor('codellama:7b-code')?.stop.includes('<EOT>'));
      assert.ok(fimTemplateFor('codestral-latest')?.stop.includes('[PREFIX]'));
    });
    it('are none for a custom template', () => {
      assert.deepEqual(customTemplate('<a>{prefix}<b>{suffix}<c>').stop, []);
    });
  });

  describe('fimTemplateFor', () => {
    it('follows the model name when there is no override', () => {
      assert.equal(fimTemplateFor('bigcode/starcoder2-3b')?.family, 'starcoder');
      assert.equal(fimTemplateFor('gpt-4o'), undefined);
    });
    it('lets a family name override the model name, around white space', () => {
      assert.equal(fimTemplateFor('gpt-4o', ' deepseek ')?.family, 'deepseek');
      assert.equal(fimTemplateFor('qwen2.5-coder:7b', 'codellama')?.family, 'codellama');
    });
    it('treats a blank override as none', () => {
      assert.equal(fimTemplateFor('qwen2.5-coder:7b', '   ')?.family, 'qwen');
    });
    it('takes any other override as a custom template', () => {
      const template = fimTemplateFor('qwen2.5-coder:7b', '<s>{prefix}<t>{suffix}<u>');
      assert.equal(template?.family, 'custom');
      assert.equal(template?.render('P', 'S'), '<s>P<t>S<u>');
    });
  });

  describe('customTemplate', () => {
    it('replaces each hole once, in prefix-first order', () => {
      assert.equal(customTemplate('<pre>{prefix}<suf>{suffix}<mid>').render(PREFIX, SUFFIX), `<pre>${PREFIX}<suf>${SUFFIX}<mid>`);
    });
    it('keeps the suffix-first order a template asks for', () => {
      assert.equal(customTemplate('[S]{suffix}[P]{prefix}').render('pre', 'suf'), '[S]suf[P]pre');
    });
    it('leaves braces and hole names inside the code alone', () => {
      const prefix = 'const s = "{suffix}"; {';
      const suffix = '} // {prefix}';
      assert.equal(customTemplate('A{prefix}B{suffix}C').render(prefix, suffix), `A${prefix}B${suffix}C`);
      assert.equal(customTemplate('A{suffix}B{prefix}C').render(prefix, suffix), `A${suffix}B${prefix}C`);
    });
  });

  describe('isUsableTemplate', () => {
    it('accepts a family name and a template naming both holes', () => {
      assert.equal(isUsableTemplate('qwen'), true);
      assert.equal(isUsableTemplate(' starcoder '), true);
      assert.equal(isUsableTemplate('<a>{prefix}<b>{suffix}'), true);
      assert.equal(isUsableTemplate('{suffix}{prefix}'), true);
    });
    it('refuses a template missing a hole, and an unknown name', () => {
      assert.equal(isUsableTemplate('<a>{prefix}<b>'), false);
      assert.equal(isUsableTemplate('<a>{suffix}'), false);
      assert.equal(isUsableTemplate('mistral'), false);
      assert.equal(isUsableTemplate(''), false);
    });
  });

  it('names every family it has a template for', () => {
    for (const family of FIM_FAMILIES) {
      assert.equal(isFimFamily(family), true);
      assert.equal(fimTemplateFor('x', family)?.family, family);
    }
    assert.equal(isFimFamily('custom'), false);
  });
});
