// The results a call gets when it did not run normally. Every call must get one (the next request is refused
// without it), and each says why, so that the model neither retries blindly nor assumes the tool worked.

export function rejectedResult(name: string, reason: string | undefined): string {
  const why = reason?.trim() ? ` Their reason: ${JSON.stringify(reason.trim())}.` : '';
  return `The user rejected this ${name} call, so it was not run.${why} Do not repeat it unless the user asks for it.`;
}

export function noApproverResult(name: string): string {
  return `Not run: ${name} needs the user's approval, and there was no one to ask.`;
}

export const STOPPED_RESULT = 'Not run: the user stopped the request.';

/** A limit of 0 rounds means the request offered no tools (Ask Model): the model called one anyway. */
export function roundLimitResult(maxRounds: number): string {
  if (maxRounds === 0) return 'Not run: this request offered no tools.';
  return `Not run: this answer reached its limit of ${maxRounds} rounds of tool calls (askModel.tools.maxRounds).`;
}

export function roundLimitNotice(maxRounds: number): string {
  if (maxRounds === 0) return 'The model asked to run tools, but this request offered none; nothing was run.';
  return `Stopped after ${maxRounds} rounds of tool calls (askModel.tools.maxRounds). Send a message to let the model go on, or raise the setting.`;
}

export function failedResult(name: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${name} failed: ${message}`;
}

/** The first line, short enough for a one-line status in the view. */
export function previewOf(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
