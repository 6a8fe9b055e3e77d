// The project rules sent with an answer: a row of chips under its author line, one per file, each a button that asks
// the host to open the file (as text, in an editor). A chip with a warning (the caps cut the file, or it holds
// invisible or reordering characters) is marked and says the warning in its name and tooltip.
import type { RulesChip } from '../../core/chat/chatTurns';
import { element } from '../dom';

export function rulesChipsElement(chips: readonly RulesChip[]): HTMLElement {
  const list = element('ul', { class: 'chip-list rules-chips', 'aria-label': 'Project rules sent with this answer' });
  for (const chip of chips) {
    const name = `Open project rules file ${chip.path}${chip.warning ? ` (warning: ${chip.warning})` : ''}`;
    const title = chip.warning ? `${chip.path}\n⚠ ${chip.warning}` : `Open ${chip.path}`;
    const button = element('button', { type: 'button', class: 'chip rules-chip', 'data-rules-path': chip.path, 'data-warning': chip.warning !== undefined, 'aria-label': name, title }, element('span', { class: 'chip-label' }, `${chip.warning ? '⚠ ' : ''}Rules: ${chip.path}`));
    list.append(element('li', {}, button));
  }
  return list;
}
