// search_text's answer: one `path:line: text` line per match, the grep form models know, capped so that a common
// word cannot fill the context, and saying how to narrow the search when it was cut.
import type { SearchMode, TextMatch } from './textSearch';

export interface SearchSummary {
  query: string;
  mode: SearchMode;
  glob?: string | undefined;
  /** The limit that applied; more matches than this means the list was cut. */
  maxResults: number;
  /** True when matches beyond the ones given exist (the host stopped looking). */
  more: boolean;
}

const MAX_TEXT_LENGTH = 200;

export function formatSearchResults(matches: readonly TextMatch[], summary: SearchSummary): string {
  const what = `${JSON.stringify(summary.query)} (${summary.mode})${summary.glob ? ` in files matching ${JSON.stringify(summary.glob)}` : ''}`;
  if (matches.length === 0) return `No matches for ${what}.`;
  const shown = matches.slice(0, summary.maxResults);
  const cut = summary.more || matches.length > shown.length;
  const lines = shown.map((match) => `${match.path}:${match.line}: ${shorten(match.text.trim())}`);
  const header = cut ? `The first ${shown.length} matches for ${what}:` : `${shown.length} ${shown.length === 1 ? 'match' : 'matches'} for ${what}:`;
  const footer = cut ? `\n[There are more matches. Narrow the query or the glob, or raise max_results (at most 1000).]` : '';
  return `${header}\n${lines.join('\n')}${footer}`;
}

function shorten(text: string): string {
  return text.length > MAX_TEXT_LENGTH ? `${text.slice(0, MAX_TEXT_LENGTH)}…` : text;
}
