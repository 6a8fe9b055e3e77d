// Context chips: the label, and a tooltip holding the exact text that is (or was) sent with the message. Pending
// chips get a remove button named after the chip ("Remove hello.ts:1-3"); chips on a sent message are read-only.
import type { ContextChip } from '../../core/chat/webviewProtocol';
import { element } from '../dom';

export function chipTooltip(chip: ContextChip): string {
  if (chip.truncatedCharacters === 0) return chip.text;
  return `${chip.text}\n\n[${chip.truncatedCharacters.toLocaleString('en-US')} more characters left out]`;
}

const KIND_NAMES: Record<ContextChip['kind'], string> = {
  file: 'File',
  selection: 'Selection',
  folder: 'Folder',
  symbol: 'Symbol',
  problems: 'Problems',
  changes: 'Changes',
  terminal: 'Terminal',
};

function chipLabel(chip: ContextChip): HTMLElement {
  const cut = chip.truncatedCharacters > 0 ? ' (cut)' : '';
  return element('span', { class: 'chip-label', title: chipTooltip(chip) }, `${KIND_NAMES[chip.kind]}: ${chip.label}${cut}`);
}

export function chipListElement(chips: readonly ContextChip[], listLabel: string, removable: boolean): HTMLUListElement {
  const list = element('ul', { class: 'chip-list', 'aria-label': listLabel });
  for (const chip of chips) {
    const item = element('li', { class: 'chip' }, chipLabel(chip));
    if (removable) {
      const name = `Remove ${chip.label}`;
      item.append(element('button', { type: 'button', class: 'chip-remove icon-button', 'data-chip-id': chip.id, 'aria-label': name, title: name }, '×'));
    }
    list.append(item);
  }
  return list;
}
