// Renders an answer while it streams, at a cost per frame that grows with the new text, not with the answer: the
// finished prefix (StableSplitter) is rendered once, as its text arrives, put into `element` at the next render and
// never touched again, and only the unfinished tail is re-rendered each render, into its own element right after it.
// The tail is a separate block so that a render's change relayouts the tail, not every block of a long answer
// (measured at 100 KB: layout per frame 2.4 → ~1.2 ms).
// When the answer is complete, `finish` leaves `element` exactly as rendering the whole text at once would. Pieces
// rendered apart differ from the whole only through reference-style link definitions (the one state markdown-it
// carries from block to block, with raw HTML off and no plugins); the split never cuts a block. So an answer that
// cannot hold a definition only gets its tail added, and any other is rendered whole and compared with the frozen
// pieces, which stay when they already are that render.
import { renderMarkdown } from './markdownRenderer';
import { StableSplitter } from './stableSplit';

export class StreamingMarkdown {
  private readonly splitter = new StableSplitter();
  /** Frozen pieces rendered as their text arrived, not yet in the page: inserted at the next frame. */
  private pendingHtml = '';
  /** Text arrived since the tail was last rendered. */
  private tailChanged = false;
  /** The text after the frozen prefix, re-rendered each frame. */
  private unfrozen = '';
  private frozenLength = 0;
  /** The frozen text itself, to check that the finished answer starts with it. */
  private frozenText = '';
  /** The frozen pieces' HTML, joined: compared with the whole render when the answer is done. */
  private frozenHtml = '';
  /** Highlighted code of frozen blocks, reused by the final render. */
  private readonly highlights = new Map<string, string>();
  private readonly tail: HTMLElement;

  /** Empties `element` (which must have a parent) and inserts the tail after it; `finish` or `discard` removes it. */
  constructor(readonly element: HTMLElement) {
    element.replaceChildren();
    this.tail = document.createElement('div');
    this.tail.className = 'markdown markdown-tail';
    element.after(this.tail);
  }

  /** Stops without finishing (the turn was replaced): removes the tail, leaves `element` for the caller to refill. */
  discard(): void {
    this.tail.remove();
  }

  /**
   * Takes text as it arrives. Blocks it finishes are rendered to HTML here, in the message's task, so that the frame
   * that shows them only inserts them: the Markdown and highlighting work is spread over the messages instead of
   * landing in one frame (the frame's own style, layout and paint are work enough).
   */
  append(text: string): void {
    if (text === '') return;
    this.tailChanged = true;
    this.unfrozen += text;
    const stableEnd = this.splitter.append(text);
    if (stableEnd <= this.frozenLength) return;
    const finished = this.unfrozen.slice(0, stableEnd - this.frozenLength);
    this.unfrozen = this.unfrozen.slice(finished.length);
    this.frozenLength = stableEnd;
    this.frozenText += finished;
    const html = renderMarkdown(finished, { highlights: this.highlights, rememberHighlights: true });
    this.pendingHtml += html;
    this.frozenHtml += html;
  }

  /** Shows what arrived since the last frame. */
  renderFrame(): void {
    if (!this.tailChanged) return;
    this.tailChanged = false;
    if (this.pendingHtml !== '') {
      this.element.insertAdjacentHTML('beforeend', this.pendingHtml);
      this.pendingHtml = '';
      // The tail's first block is no longer the answer's first: it keeps its top margin (chat.css says why a class).
      // A finished piece of blank lines renders to nothing and leaves it the first.
      this.tail.classList.add('follows-blocks');
    }
    this.tail.innerHTML = renderMarkdown(this.unfrozen, { inertToolbars: true });
  }

  /** Renders the complete answer exactly as a one-off render of `text` would; the element is final afterwards. */
  finish(text: string): void {
    this.tail.remove();
    if (this.pendingHtml !== '') this.element.insertAdjacentHTML('beforeend', this.pendingHtml);
    this.pendingHtml = '';
    if (this.frozenLength > 0 && text.startsWith(this.frozenText)) {
      const tailHtml = renderMarkdown(text.slice(this.frozenLength), { highlights: this.highlights });
      // Rendering the whole again would cost as much as the answer's first render and only confirm what is shown. The
      // split was decided on the streamed text, so that must be where the finished answer starts.
      if (!mayDefineReferences(text) && text.startsWith(this.unfrozen, this.frozenLength)) {
        this.element.insertAdjacentHTML('beforeend', tailHtml);
        return;
      }
      const whole = renderMarkdown(text, { highlights: this.highlights });
      // Equal HTML means equal DOM: the frozen pieces stay, and only the tail's blocks are added (no relayout of the rest).
      if (this.frozenHtml.length + tailHtml.length === whole.length && this.frozenHtml + tailHtml === whole) {
        this.element.insertAdjacentHTML('beforeend', tailHtml);
        return;
      }
      this.element.innerHTML = whole;
      return;
    }
    this.element.innerHTML = renderMarkdown(text, { highlights: this.highlights });
  }
}

/**
 * Whether `text` may hold a link reference definition (`[label]: destination`). A definition's label is closed by
 * the first unescaped `]`, which must be followed at once by `:`, so text without `]:` holds none.
 */
export function mayDefineReferences(text: string): boolean {
  return text.includes(']:');
}
