// The raw fill-in-the-middle prompt of each code-model family, for a server that takes a plain prompt (`/v1/completions`
// without `suffix`, Ollama with `raw`). The tokens are the models' own special tokens, as their tokenizer configs spell
// them; the stop words end an answer where the model would start another file or another hole. The family is read
// from the model's name; the user's `fimTemplate` override (a family name, or a template with `{prefix}` and
// `{suffix}`) wins.
export const FIM_FAMILIES = ['qwen', 'starcoder', 'deepseek', 'codellama', 'codestral', 'codegemma'] as const;
export type FimFamily = (typeof FIM_FAMILIES)[number];

export interface FimTemplate {
  /** The family, or `custom` for a template the user wrote. */
  family: FimFamily | 'custom';
  render(prefix: string, suffix: string): string;
  /** Sent as `stop`, and cut from an answer that carries one anyway. */
  stop: readonly string[];
}

const around = (before: string, between: string, after: string) => (prefix: string, suffix: string) => `${before}${prefix}${between}${suffix}${after}`;

const TEMPLATES: Record<FimFamily, FimTemplate> = {
  // Qwen2.5-Coder and Qwen3-Coder: <|fim_prefix|>, <|fim_suffix|>, <|fim_middle|>; <|file_sep|> starts another file.
  qwen: {
    family: 'qwen',
    render: around('<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>'),
    stop: ['<|endoftext|>', '<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>', '<|fim_pad|>', '<|repo_name|>', '<|file_sep|>', '<|im_start|>', '<|im_end|>'],
  },
  // StarCoder, StarCoder2 and the models trained on its format (Granite Code, Stable Code).
  starcoder: {
    family: 'starcoder',
    render: around('<fim_prefix>', '<fim_suffix>', '<fim_middle>'),
    stop: ['<|endoftext|>', '<fim_prefix>', '<fim_suffix>', '<fim_middle>', '<file_sep>'],
  },
  // DeepSeek-Coder: full-width bars and the "▁" of its tokenizer are part of the tokens.
  deepseek: {
    family: 'deepseek',
    render: around('<｜fim▁begin｜>', '<｜fim▁hole｜>', '<｜fim▁end｜>'),
    stop: ['<｜fim▁begin｜>', '<｜fim▁hole｜>', '<｜fim▁end｜>', '<｜end▁of▁sentence｜>', '<|EOT|>'],
  },
  // Code Llama's infilling format, spaces included (the "PSM" order of its paper).
  codellama: {
    family: 'codellama',
    render: around('<PRE> ', ' <SUF>', ' <MID>'),
    stop: ['<PRE>', '<SUF>', '<MID>', '<EOT>'],
  },
  // Codestral puts the suffix first.
  codestral: {
    family: 'codestral',
    render: (prefix, suffix) => `[SUFFIX]${suffix}[PREFIX]${prefix}`,
    stop: ['[PREFIX]', '[SUFFIX]', '</s>'],
  },
  codegemma: {
    family: 'codegemma',
    render: around('<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>'),
    stop: ['<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>', '<|file_separator|>', '<end_of_turn>', '<eos>'],
  },
};

/** The family a model name belongs to, or undefined when none is recognised. */
export function fimFamilyOf(model: string): FimFamily | undefined {
  const name = model.toLowerCase();
  if (name.includes('codestral')) return 'codestral';
  if (name.includes('codegemma')) return 'codegemma';
  if (/code-?llama/.test(name)) return 'codellama';
  if (name.includes('deepseek') && name.includes('coder')) return 'deepseek';
  if (name.includes('qwen') && name.includes('coder')) return 'qwen';
  if (/starcoder|granite[-.]?\d*[-.]?\d*b?[-.]?code|stable-?code/.test(name)) return 'starcoder';
  return undefined;
}

/**
 * The template for `model`: the override when set (a family's name, or a custom template that must hold `{prefix}`
 * and `{suffix}`: checked where the setting is read), else the family its name says, else undefined.
 */
export function fimTemplateFor(model: string, override?: string): FimTemplate | undefined {
  const chosen = override?.trim();
  if (chosen) {
    if (isFimFamily(chosen)) return TEMPLATES[chosen];
    return customTemplate(chosen);
  }
  const family = fimFamilyOf(model);
  return family === undefined ? undefined : TEMPLATES[family];
}

export function isFimFamily(value: string): value is FimFamily {
  return (FIM_FAMILIES as readonly string[]).includes(value);
}

/** A template the user wrote; `{prefix}` and `{suffix}` are replaced once each (the code itself may hold braces). */
export function customTemplate(template: string): FimTemplate {
  return {
    family: 'custom',
    render: (prefix, suffix) => {
      const at = template.indexOf('{prefix}');
      const before = template.slice(0, at);
      const rest = template.slice(at + '{prefix}'.length);
      const suffixAt = rest.indexOf('{suffix}');
      if (suffixAt >= 0) return `${before}${prefix}${rest.slice(0, suffixAt)}${suffix}${rest.slice(suffixAt + '{suffix}'.length)}`;
      const suffixFirst = before.indexOf('{suffix}');
      return `${before.slice(0, suffixFirst)}${suffix}${before.slice(suffixFirst + '{suffix}'.length)}${prefix}${rest}`;
    },
    stop: [],
  };
}

/** Whether a custom template names both holes (the override's check). */
export function isUsableTemplate(template: string): boolean {
  return isFimFamily(template.trim()) || (template.includes('{prefix}') && template.includes('{suffix}'));
}
