// Where the message is typed. Enter sends and Shift+Enter starts a new line; Enter that ends an IME composition only
// commits the composed text. Escape while an answer streams stops it. Send stays focusable while busy (aria-disabled,
// not disabled) so focus is never dropped onto the page; Stop appears only while busy. The draft is reported on every
// edit so it can be cached, and is cleared only once the message has been handed to the host.
import type { InputTrigger } from '../../core/chat/mentions/inputToken';
import type { CompletionItem, ContextChip, ImageUpload } from '../../core/chat/webviewProtocol';
import { imageFilesOf, imageListElement, MAX_IMAGES_PER_MESSAGE, prepareImage, readFile } from './imageAttachments';
import { element, toggleAttribute } from '../dom';
import { chipListElement } from './chipList';
import { InputCompletion } from './inputCompletion';

/** The protocol's limit on one message (`send.text`). */
export const MAX_MESSAGE_LENGTH = 200_000;

export interface ComposerEvents {
  /** `images`: those pasted, dropped or attached (empty for none). */
  send(text: string, images: ImageUpload[]): void;
  /** Attach image: the host opens a file picker. */
  pickImages(): void;
  stop(): void;
  attach(kind: 'selection' | 'file'): void;
  removeChip(chipId: string): void;
  draftChanged(draft: string): void;
  /** `@` or a first-word `/` under the caret: ask the host what can complete it. */
  complete(requestId: number, trigger: InputTrigger, query: string): void;
  attachMention(itemId: string): void;
}

export class Composer {
  readonly element: HTMLElement;
  private readonly textarea: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly chips: HTMLElement;
  private readonly problem: HTMLElement;
  private readonly events: ComposerEvents;
  private readonly completion: InputCompletion;
  private busy = false;
  /** Images for the next message, in the order they were added. */
  private images: ImageUpload[] = [];
  private readonly imageChips: HTMLElement;

  constructor(events: ComposerEvents) {
    this.events = events;
    this.textarea = element('textarea', { class: 'prompt', rows: 3, 'aria-label': 'Message', placeholder: 'Ask about your code (@ to mention, / for commands; Enter to send)', 'aria-describedby': 'composer-problem' });
    this.completion = new InputCompletion(this.textarea, {
      complete: (requestId, trigger, query) => this.events.complete(requestId, trigger, query),
      attachMention: (itemId) => this.events.attachMention(itemId),
      edited: (text) => this.events.draftChanged(text),
    });
    this.sendButton = element('button', { type: 'button', class: 'primary' }, 'Send');
    this.stopButton = element('button', { type: 'button', class: 'secondary', hidden: true }, 'Stop');
    this.chips = element('div', { class: 'pending-context' });
    this.problem = element('p', { id: 'composer-problem', class: 'composer-problem', 'aria-live': 'polite' });
    const attachSelection = element('button', { type: 'button', class: 'secondary small' }, 'Attach selection');
    const attachFile = element('button', { type: 'button', class: 'secondary small' }, 'Attach file');
    const attachImage = element('button', { type: 'button', class: 'secondary small', title: 'PNG, JPEG, WebP or GIF; you can also paste or drop images here' }, 'Attach image');
    this.imageChips = element('div', { class: 'pending-images' });
    this.element = element(
      'div',
      { class: 'composer', role: 'group', 'aria-label': 'New message' },
      element('div', { class: 'context-row' }, this.chips, element('div', { class: 'attach-buttons' }, attachSelection, attachFile, attachImage)),
      this.imageChips,
      this.textarea,
      this.completion.popup.element,
      this.problem,
      element('div', { class: 'composer-buttons' }, this.stopButton, this.sendButton),
    );

    this.textarea.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.textarea.addEventListener('input', () => {
      this.showProblem('');
      this.events.draftChanged(this.textarea.value);
    });
    this.sendButton.addEventListener('click', () => this.send());
    this.stopButton.addEventListener('click', () => this.events.stop());
    attachSelection.addEventListener('click', () => this.events.attach('selection'));
    attachFile.addEventListener('click', () => this.events.attach('file'));
    attachImage.addEventListener('click', () => this.events.pickImages());
    this.textarea.addEventListener('paste', (event) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      // Pasted files never become text in the box; image ones become chips.
      event.preventDefault();
      void this.addFiles(files);
    });
    this.element.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    this.element.addEventListener('drop', (event) => {
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      void this.addFiles(files);
    });
    this.imageChips.addEventListener('click', (event) => {
      const index = (event.target as Element | null)?.closest<HTMLElement>('[data-image-index]')?.dataset.imageIndex;
      if (index === undefined) return;
      this.images = this.images.filter((_image, at) => at !== Number(index));
      this.showImages();
      this.textarea.focus();
    });
    this.chips.addEventListener('click', (event) => {
      const chipId = (event.target as Element | null)?.closest<HTMLElement>('[data-chip-id]')?.dataset.chipId;
      if (chipId !== undefined) this.removeChip(chipId);
    });
  }

  draft(): string {
    return this.textarea.value;
  }

  setDraft(draft: string): void {
    if (this.textarea.value !== draft) this.textarea.value = draft;
  }

  setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    const focused = document.activeElement;
    toggleAttribute(this.sendButton, 'aria-disabled', busy);
    this.stopButton.hidden = !busy;
    // Keep the keyboard where it was: from Send to Stop when an answer starts, from Stop to the message box when it ends.
    if (busy && focused === this.sendButton) this.stopButton.focus();
    if (!busy && focused === this.stopButton) this.textarea.focus();
  }

  showChips(chips: readonly ContextChip[]): void {
    this.chips.replaceChildren(...(chips.length > 0 ? [chipListElement(chips, 'Context to send', true)] : []));
  }

  focus(): void {
    this.textarea.focus();
  }

  /** The images picked with Attach image (read by the host), checked and scaled like pasted ones. */
  async addImageData(files: readonly { name: string; mimeType: string; dataUrl: string }[], problems: readonly string[]): Promise<void> {
    const found = [...problems];
    for (const file of files) found.push(...(await this.addImage(file.name, file.mimeType, () => Promise.resolve(file.dataUrl))));
    this.showProblem(found.join(' '));
  }

  private async addFiles(files: readonly File[]): Promise<void> {
    const { images, others } = imageFilesOf(files);
    const problems = others.map((name) => `${name} is not a PNG, JPEG, WebP or GIF image, so it was not attached.`);
    for (const file of images) problems.push(...(await this.addImage(file.name || `pasted-image.${file.type.split('/')[1] ?? 'png'}`, file.type, () => readFile(file))));
    this.showProblem(problems.join(' '));
  }

  /** Adds one image; returns the problems (none when it was added). */
  private async addImage(name: string, mimeType: string, read: () => Promise<string>): Promise<string[]> {
    if (this.images.length >= MAX_IMAGES_PER_MESSAGE) return [`A message takes at most ${MAX_IMAGES_PER_MESSAGE} images; ${name} was not attached.`];
    try {
      this.images = [...this.images, await prepareImage(name, mimeType, await read())];
      this.showImages();
      return [];
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  }

  private showImages(): void {
    this.imageChips.replaceChildren(...(this.images.length > 0 ? [imageListElement(this.images, 'Images to send', true)] : []));
  }

  /** The host's completion items for question `requestId`. */
  showCompletions(requestId: number, items: readonly CompletionItem[]): void {
    this.completion.showItems(requestId, items);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (this.completion.handleKey(event)) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      // keyCode 229: the key went to an IME (Safari and older Chromium end compositions without isComposing).
      if (event.isComposing || event.keyCode === 229) return;
      event.preventDefault();
      this.send();
    } else if (event.key === 'Escape' && this.busy) {
      event.preventDefault();
      this.events.stop();
    }
  }

  private send(): void {
    if (this.busy) return;
    const text = this.textarea.value;
    if (text.trim() === '') {
      if (this.images.length > 0) this.showProblem('Add a message to go with the images.');
      return;
    }
    if (text.length > MAX_MESSAGE_LENGTH) {
      this.showProblem(`This message has ${text.length.toLocaleString('en-US')} characters; the most one message can have is ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')}.`);
      return;
    }
    this.completion.close();
    this.events.send(text, this.images);
    this.images = [];
    this.showImages();
    this.textarea.value = '';
    this.events.draftChanged('');
  }

  private removeChip(chipId: string): void {
    // Focus would fall to the page with the removed button; the message box is where the user goes next.
    this.events.removeChip(chipId);
    this.textarea.focus();
  }

  private showProblem(text: string): void {
    if (this.problem.textContent !== text) this.problem.textContent = text;
  }
}
