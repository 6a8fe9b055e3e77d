// What each surface loads on its first use: the platform's part and its own (src/host/lazy.ts), each with the shared
// chunks it imports, read from the minified files themselves (their static `import … from "./x.mjs"`), as Node loads
// them. A chunk two parts share is counted once for a surface that loads both.
import fs from 'node:fs';
import path from 'node:path';

/** The parts each surface's first use loads (lazy.ts's names); test/unit/support/benchFirstUse keeps it to lazy.ts's. */
export const FIRST_USE: Readonly<Record<string, readonly string[]>> = {
  'the chat (a message, no tool call yet)': ['platform', 'chat'],
  "the chat's first tool call (adds the tools)": ['platform', 'chat', 'tools'],
  "the chat's first command (adds run_command's runner)": ['platform', 'chat', 'tools', 'toolsCommands'],
  'Ask Model': ['platform', 'ask'],
  'Edit Selection': ['platform', 'editSelection', 'tools'],
  "VS Code's chat (our models listed and asked)": ['platform', 'languageModels', 'catalogueDiscovery'],
  "VS Code's chat, on a server that counts tokens": ['platform', 'languageModels', 'catalogueDiscovery', 'tokenCounting'],
  'inline completions (the first keystroke where they are on)': ['platform', 'completions'],
  'Write Commit Message': ['platform', 'commit'],
  'Test Connection, Add Profile, Select Model': ['platform', 'profiles', 'catalogueDiscovery'],
  'the chat, and the model picker (no model set yet)': ['platform', 'chat', 'catalogueDiscovery'],
  'Export or Import of a conversation': ['platform', 'chat', 'chatTransfer'],
  'the chat, on a server that counts tokens (llama.cpp, vLLM, LiteLLM)': ['platform', 'chat', 'tokenCounting'],
};

/** The files a part loads: itself and, transitively, every chunk it imports statically. */
export function filesLoadedBy(deferredDir: string, parts: readonly string[]): string[] {
  const loaded = new Set<string>();
  const visit = (file: string): void => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const text = fs.readFileSync(path.join(deferredDir, file), 'utf8');
    for (const match of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([\w.-]+\.mjs)["']/g)) visit(match[1]!);
  };
  for (const part of parts) visit(`${part}.mjs`);
  return [...loaded].sort();
}

export function bytesLoadedBy(deferredDir: string, parts: readonly string[]): number {
  return filesLoadedBy(deferredDir, parts).reduce((sum, file) => sum + fs.statSync(path.join(deferredDir, file)).size, 0);
}
