// Mention ports for the unit tests: a fixed workspace, and a record of what was asked.
import type { MentionPorts, PromptFileText, SymbolRef } from '../../../../../src/core/chat/mentions/mentionPorts';

export interface FakeMentionPortsOptions {
  files?: string[];
  symbols?: SymbolRef[];
  promptFiles?: PromptFileText[];
  denyGlobs?: string[];
}

export class FakeMentionPorts implements MentionPorts {
  files: string[];
  symbols: SymbolRef[];
  promptFiles: PromptFileText[];
  deny: string[];
  time = 0;
  readonly asked = { listFiles: 0, findSymbols: [] as string[], readPromptFiles: 0 };

  constructor(options: FakeMentionPortsOptions = {}) {
    this.files = options.files ?? [];
    this.symbols = options.symbols ?? [];
    this.promptFiles = options.promptFiles ?? [];
    this.deny = options.denyGlobs ?? [];
  }

  async listFiles(max: number): Promise<readonly string[]> {
    this.asked.listFiles++;
    return this.files.slice(0, max);
  }

  async findSymbols(query: string): Promise<readonly SymbolRef[]> {
    this.asked.findSymbols.push(query);
    const wanted = query.toLowerCase();
    return this.symbols.filter((symbol) => symbol.name.toLowerCase().includes(wanted));
  }

  async readPromptFiles(): Promise<readonly PromptFileText[]> {
    this.asked.readPromptFiles++;
    return this.promptFiles;
  }

  denyGlobs(): readonly string[] {
    return this.deny;
  }

  now(): number {
    return this.time;
  }
}
