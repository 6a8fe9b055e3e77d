// Completion for the chat's message box: `@` offers the mention keywords, the workspace's files and folders (the
// user's excludes and askModel.tools.denyGlobs honoured) and its symbols; `/` offers the slash commands and the
// user's prompt files. Each reply is bounded (MAX_ITEMS); the file list and the prompt files are read at most once
// per CACHE_MS, since the view asks again on every pause in typing. The items offered last are remembered by id, so
// accepting one names the item, never a path the view made up.
import { matchingDenyGlob } from '../../tools/denyGlobs';
import { allSlashCommands, type SlashCommand } from '../slashCommands/slashCommands';
import { parsePromptFile } from '../slashCommands/promptFiles';
import type { CompletionItem } from '../webviewProtocol';
import type { InputTrigger } from './inputToken';
import { MENTION_KEYWORDS, type MentionKeyword } from './mentionKeywords';
import type { MentionPorts, SymbolRef } from './mentionPorts';
import { rankItems } from './rankItems';

export const MAX_ITEMS = 50;
export const CACHE_MS = 5_000;
/** More files than this are not listed (a huge workspace still completes, from the first ones found). */
export const MAX_LISTED_FILES = 20_000;
/** The symbol provider is asked only once this much is typed (an empty query lists nothing useful, slowly). */
export const MIN_SYMBOL_QUERY = 2;
const MAX_SYMBOLS = 200;

export type MentionTarget = { kind: 'file' | 'folder'; path: string } | { kind: 'symbol'; symbol: SymbolRef } | { kind: MentionKeyword };

interface Candidate {
  item: Omit<CompletionItem, 'id'>;
  target?: MentionTarget;
  keys: { name: string; detail?: string | undefined };
}

export interface SlashCommandList {
  commands: SlashCommand[];
  /** Prompt files that could not be read as commands, each saying why. */
  problems: string[];
}

export class MentionCompleter {
  private files: { paths: readonly string[]; at: number } | undefined;
  private prompts: { list: SlashCommandList; at: number } | undefined;
  private offered = new Map<string, MentionTarget>();
  private nextId = 0;

  constructor(private readonly ports: MentionPorts) {}

  async complete(trigger: InputTrigger, query: string): Promise<CompletionItem[]> {
    const candidates = trigger === '@' ? await this.mentionCandidates(query) : (await this.slashCommands()).commands.map(commandCandidate);
    const ranked = rankItems(candidates, query, (candidate) => candidate.keys, MAX_ITEMS);
    this.offered = new Map();
    return ranked.map((candidate) => {
      const id = `m${++this.nextId}`;
      if (candidate.target) this.offered.set(id, candidate.target);
      return { id, ...candidate.item };
    });
  }

  /** What an item of the last reply stands for; undefined for an id not offered there. */
  target(itemId: string): MentionTarget | undefined {
    return this.offered.get(itemId);
  }

  /** The built-in commands and the prompt files' (read at most once per CACHE_MS). */
  async slashCommands(): Promise<SlashCommandList> {
    const now = this.ports.now();
    if (this.prompts && now - this.prompts.at < CACHE_MS) return this.prompts.list;
    const promptCommands: SlashCommand[] = [];
    const problems: string[] = [];
    for (const file of await this.ports.readPromptFiles()) {
      const parsed = parsePromptFile(file.path, file.text);
      if (parsed.ok) promptCommands.push(parsed.command);
      else problems.push(parsed.problem);
    }
    const list = { commands: allSlashCommands(promptCommands), problems };
    this.prompts = { list, at: now };
    return list;
  }

  private async mentionCandidates(query: string): Promise<Candidate[]> {
    const keywords: Candidate[] = MENTION_KEYWORDS.map((keyword) => ({
      item: { kind: keyword.name, label: keyword.name, detail: keyword.description },
      target: { kind: keyword.name },
      keys: { name: keyword.name },
    }));
    const [paths, symbols] = await Promise.all([this.allowedFiles(), query.length >= MIN_SYMBOL_QUERY ? this.allowedSymbols(query) : []]);
    const files: Candidate[] = paths.map((path) => ({ item: { kind: 'file', label: baseName(path), detail: path }, target: { kind: 'file', path }, keys: { name: baseName(path), detail: path } }));
    const folders: Candidate[] = foldersOf(paths).map((path) => ({
      item: { kind: 'folder', label: `${baseName(path)}/`, detail: path },
      target: { kind: 'folder', path },
      keys: { name: baseName(path), detail: path },
    }));
    const symbolItems: Candidate[] = symbols.map((symbol) => ({
      item: { kind: 'symbol', label: symbol.name, detail: `${symbol.kind} in ${symbol.path}:${symbol.startLine}` },
      target: { kind: 'symbol', symbol },
      keys: { name: symbol.name },
    }));
    return [...keywords, ...files, ...folders, ...symbolItems];
  }

  private async allowedFiles(): Promise<readonly string[]> {
    const now = this.ports.now();
    if (!this.files || now - this.files.at >= CACHE_MS) this.files = { paths: await this.ports.listFiles(MAX_LISTED_FILES), at: now };
    const deny = this.ports.denyGlobs();
    return this.files.paths.filter((path) => matchingDenyGlob(path, deny) === undefined);
  }

  private async allowedSymbols(query: string): Promise<SymbolRef[]> {
    const deny = this.ports.denyGlobs();
    const symbols = await this.ports.findSymbols(query);
    return symbols.filter((symbol) => matchingDenyGlob(symbol.path, deny) === undefined).slice(0, MAX_SYMBOLS);
  }
}

function commandCandidate(command: SlashCommand): Candidate {
  return { item: { kind: 'command', label: command.name, detail: command.description }, keys: { name: command.name } };
}

function baseName(path: string): string {
  return path.split('/').pop() ?? path;
}

/** Every folder that holds one of `paths`, each once, in the order first met. */
export function foldersOf(paths: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let length = 1; length < parts.length; length++) folders.add(parts.slice(0, length).join('/'));
  }
  return [...folders];
}
