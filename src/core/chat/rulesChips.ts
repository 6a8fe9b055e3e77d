// The chips an answer shows for the project rules sent with it: one per file, with a warning when the caps cut it or
// it holds invisible or reordering characters (their names, as the log has them).
import { describeInvisible, type ProjectRules } from '../rules/projectRulesText';
import type { RulesChip } from './chatTurns';

export function rulesChipsOf(rules: ProjectRules | undefined): RulesChip[] {
  return (rules?.files ?? []).map((file) => {
    const warnings = [
      ...(file.cutCharacters > 0 ? [`${file.cutCharacters.toLocaleString('en-US')} characters cut by the caps`] : []),
      ...(file.invisible.length > 0 ? [describeInvisible(file.invisible)] : []),
    ];
    return warnings.length > 0 ? { path: file.path, warning: warnings.join('; ') } : { path: file.path };
  });
}
