// The @-mentions that are not a file, folder or symbol: one record each, with what the completion list says of it.
// The host builds each one's chip (src/host/chat/mentions/mentionChips.ts).

export type MentionKeyword = 'problems' | 'selection' | 'changes' | 'terminal';

export interface MentionKeywordEntry {
  name: MentionKeyword;
  description: string;
}

export const MENTION_KEYWORDS: readonly MentionKeywordEntry[] = [
  { name: 'problems', description: "The workspace's errors and warnings" },
  { name: 'selection', description: 'The selection in the editor' },
  { name: 'changes', description: 'Uncommitted changes (git diff)' },
  { name: 'terminal', description: "The active terminal's last command and its output" },
];
