// The fence around code put into a prompt. On the text floor because the tools, the prompts and the chat's export
// all fence code, and a helper lives on the lowest floor its users share.

/** A fence longer than any run of backticks inside the code, so code containing ``` cannot break out of it. */
export function fenceFor(code: string): string {
  let longest = 0;
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}
