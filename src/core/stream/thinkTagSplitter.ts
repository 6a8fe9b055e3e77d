// Some servers (DeepSeek-R1 distills behind llama.cpp or Ollama, older vLLM) put the model's reasoning in the content,
// wrapped in a leading `<think>…</think>`. This splits it off into reasoning, even when the tags arrive cut across
// deltas. Only a block at the very start counts: a `<think>` later in an answer is the answer's own text.

const OPEN = '<think>';
const CLOSE = '</think>';

type State = 'undecided' | 'thinking' | 'answering';

export interface SplitText {
  reasoning: string;
  content: string;
}

export class ThinkTagSplitter {
  private state: State = 'undecided';
  private held = '';
  private trimNextContentStart = false;

  push(delta: string): SplitText {
    if (this.state === 'answering') return this.answer(delta);
    this.held += delta;
    if (this.state === 'undecided') {
      const start = this.held.trimStart();
      if (start.startsWith(OPEN)) {
        this.state = 'thinking';
        this.held = start.slice(OPEN.length);
      } else if (OPEN.startsWith(start)) {
        return { reasoning: '', content: '' }; // Could still become `<think>`: wait for more.
      } else {
        this.state = 'answering';
        const all = this.held;
        this.held = '';
        return { reasoning: '', content: all };
      }
    }
    return this.think();
  }

  /** Flushes what is held back at the end of the answer. */
  finish(): SplitText {
    const held = this.held;
    this.held = '';
    if (this.state === 'thinking') return { reasoning: held, content: '' };
    return { reasoning: '', content: held };
  }

  private think(): SplitText {
    const close = this.held.indexOf(CLOSE);
    if (close >= 0) {
      const reasoning = this.held.slice(0, close);
      const rest = this.held.slice(close + CLOSE.length);
      this.held = '';
      this.state = 'answering';
      this.trimNextContentStart = true;
      return { reasoning, content: this.answer(rest).content };
    }
    // Hold back a tail that might be the start of `</think>`.
    const keep = partialSuffixLength(this.held, CLOSE);
    const reasoning = this.held.slice(0, this.held.length - keep);
    this.held = this.held.slice(this.held.length - keep);
    return { reasoning, content: '' };
  }

  private answer(delta: string): SplitText {
    if (!this.trimNextContentStart) return { reasoning: '', content: delta };
    const trimmed = delta.replace(/^\s+/, '');
    if (trimmed !== '') this.trimNextContentStart = false;
    return { reasoning: '', content: trimmed };
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialSuffixLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(tag.slice(0, length))) return length;
  }
  return 0;
}
