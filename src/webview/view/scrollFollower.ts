// Keeps the conversation scrolled to its end while the reader is at the end, and leaves it alone once they scroll up
// to read something. A ResizeObserver on the content does the following: it runs after layout and before paint, so
// any growth (streamed text, back-filled turns, turns laid out for real as they scroll into view under
// `content-visibility`, an opened <details>) is followed in the same frame, without forcing a layout of its own.
const AT_END_SLACK_PX = 32;

export class ScrollFollower {
  private readonly scroller: HTMLElement;
  private following = true;
  /** Where our own last scroll left scrollTop: a scroll event that finds it there is ours, not the reader's. */
  private ownScrollTop = -1;

  constructor(scroller: HTMLElement, content: HTMLElement) {
    this.scroller = scroller;
    scroller.addEventListener(
      'scroll',
      () => {
        if (Math.abs(scroller.scrollTop - this.ownScrollTop) >= 1) this.following = this.isAtEnd();
      },
      { passive: true },
    );
    new ResizeObserver(() => {
      if (this.following) this.toEnd();
    }).observe(content);
  }

  isAtEnd(): boolean {
    const { scrollHeight, scrollTop, clientHeight } = this.scroller;
    return scrollHeight - scrollTop - clientHeight <= AT_END_SLACK_PX;
  }

  /** Scrolls to the end and follows from there (a message the user just sent, another conversation opened). */
  toEnd(): void {
    this.following = true;
    this.scroller.scrollTop = this.scroller.scrollHeight;
    this.ownScrollTop = this.scroller.scrollTop;
  }
}
