// One log line saying what compaction changed in the request, so a reader can tell why the model no longer saw a
// tool's whole output or the first turns word for word.
import type { CompactionRecord } from './compactConversation';

export function describeCompaction(record: CompactionRecord): string {
  const changes: string[] = [];
  if (record.shortened.length > 0) {
    const cut = record.shortened.reduce((sum, result) => sum + result.originalCharacters - result.keptCharacters, 0);
    const calls = record.shortened.map((result) => result.toolCallId).join(', ');
    changes.push(`shortened ${record.shortened.length} earlier tool result(s) by ${cut} characters (${calls})`);
  }
  if (record.summarised) {
    const { start, end, turns } = record.summarised;
    changes.push(`summarised the ${turns} oldest turn(s), messages ${start}–${end - 1}`);
  }
  const what = changes.length > 0 ? changes.join('; ') : 'nothing changed';
  return `context: ~${record.estimatedTokens} tokens estimated for a budget of ${record.budgetTokens}: ${what}`;
}
