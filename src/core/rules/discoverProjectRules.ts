// Which rules files go with a request, in the order they are sent: for each kind the setting names (in its order),
// then each path it lists. AGENTS.md is the folder's own, then the nearest one above each file the answer works on
// (shallower first, so the most specific comes last); `.github/instructions/*.instructions.md` only where `applyTo`
// matches one of those files; `.clinerules` and a listed path may be a file or a folder of .md files (by name). A file
// reached twice is sent once, and a file whose text equals one already taken (CLAUDE.md copied from AGENTS.md) is
// named as the same and not sent again.
import { appliesTo, applyToGlobs, readFrontMatter } from './applyTo';
import type { ProjectRulesSources, RulesKind } from './projectRulesSetting';
import type { RulesFileSystem } from './rulesFileSystem';

export interface FoundRulesFile {
  /** Relative to the workspace folder, `/`-separated. */
  path: string;
  kind: RulesKind | 'listed';
  /** The text sent: the file's, less an instructions file's front matter. */
  text: string;
}

export interface DiscoveredRules {
  files: FoundRulesFile[];
  /** Files left out because their text is that of a file already taken. */
  duplicates: { path: string; sameAs: string }[];
}

export interface DiscoverRulesOptions {
  sources: ProjectRulesSources;
  /** The files the answer works on (the active editor's, the selection's, the chat's attached ones), folder-relative. */
  workingFiles: readonly string[];
  files: RulesFileSystem;
}

const INSTRUCTIONS_FOLDER = '.github/instructions';
const INSTRUCTIONS_SUFFIX = '.instructions.md';

export async function discoverProjectRules(options: DiscoverRulesOptions): Promise<DiscoveredRules> {
  const { sources, files } = options;
  const workingFiles = [...new Set(options.workingFiles.map(normalise).filter((path) => path !== ''))];
  const texts = new Map<string, Promise<string | undefined>>();
  const read = (path: string): Promise<string | undefined> => {
    let text = texts.get(path);
    if (!text) texts.set(path, (text = files.readText(path)));
    return text;
  };
  const found: DiscoveredRules = { files: [], duplicates: [] };
  const seenPaths = new Set<string>();
  const take = (path: string, kind: FoundRulesFile['kind'], text: string): void => {
    if (seenPaths.has(path)) return;
    seenPaths.add(path);
    const same = found.files.find((file) => file.text.trim() === text.trim());
    if (same) found.duplicates.push({ path, sameAs: same.path });
    else if (text.trim() !== '') found.files.push({ path, kind, text });
  };
  const takeFileOrFolder = async (path: string, kind: FoundRulesFile['kind']): Promise<void> => {
    const text = await read(path);
    if (text !== undefined) return take(path, kind, text);
    for (const name of markdownFiles(await files.listFiles(path))) {
      const inner = await read(`${path}/${name}`);
      if (inner !== undefined) take(`${path}/${name}`, kind, inner);
    }
  };

  for (const kind of sources.kinds) {
    switch (kind) {
      case 'AGENTS.md':
        for (const path of await agentsFiles(workingFiles, read)) take(path, kind, (await read(path)) ?? '');
        break;
      case '.github/instructions':
        for (const name of (await files.listFiles(INSTRUCTIONS_FOLDER))?.filter((name) => name.endsWith(INSTRUCTIONS_SUFFIX)).sort() ?? []) {
          const path = `${INSTRUCTIONS_FOLDER}/${name}`;
          const text = await read(path);
          if (text === undefined) continue;
          const { fields, body } = readFrontMatter(text);
          if (appliesTo(applyToGlobs(fields.applyTo), workingFiles)) take(path, kind, body);
        }
        break;
      case '.clinerules':
        await takeFileOrFolder(kind, kind);
        break;
      case '.github/copilot-instructions.md':
      case 'CLAUDE.md':
      case '.cursorrules': {
        const text = await read(kind);
        if (text !== undefined) take(kind, kind, text);
        break;
      }
      default: {
        const never: never = kind;
        throw new Error(`unknown rules kind ${String(never)}`);
      }
    }
  }
  for (const path of sources.paths) await takeFileOrFolder(path, 'listed');
  return found;
}

/** The folder's AGENTS.md and the nearest one above each working file, shallower first, each once. */
async function agentsFiles(workingFiles: readonly string[], read: (path: string) => Promise<string | undefined>): Promise<string[]> {
  const paths = new Set<string>();
  if ((await read('AGENTS.md')) !== undefined) paths.add('AGENTS.md');
  for (const file of workingFiles) {
    const folders = file.split('/').slice(0, -1);
    for (let depth = folders.length; depth > 0; depth--) {
      const path = `${folders.slice(0, depth).join('/')}/AGENTS.md`;
      if ((await read(path)) !== undefined) {
        paths.add(path);
        break;
      }
    }
  }
  return [...paths].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

function markdownFiles(names: readonly string[] | undefined): string[] {
  return (names ?? []).filter((name) => name.toLowerCase().endsWith('.md')).sort();
}

function normalise(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
}
