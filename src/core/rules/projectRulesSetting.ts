// askModel.projectRules: which of the repository's own instructions for AI tools go with the system prompt. `true`
// (the default) reads every kind we know; `false` or `[]` reads none; a list names the kinds to read by their usual
// file or folder name, and any other entry is a path inside the workspace folder read the same way (a file, or a
// folder of .md files).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import { field, type SettingGetter } from '../settings/settingField';

export const PROJECT_RULES_SETTING = 'askModel.projectRules';

/** The kinds of rules file we know, named as the setting names them: by where the file (or folder) sits. */
export const RULES_KINDS = ['AGENTS.md', '.github/copilot-instructions.md', '.github/instructions', 'CLAUDE.md', '.clinerules', '.cursorrules'] as const;
export type RulesKind = (typeof RULES_KINDS)[number];

export interface ProjectRulesSources {
  /** The known kinds to read, in the setting's order. */
  kinds: RulesKind[];
  /** Other paths to read, relative to the workspace folder, `/`-separated. */
  paths: string[];
}

export const NO_PROJECT_RULES: ProjectRulesSources = { kinds: [], paths: [] };

/** The setting's type and default (package.json's are checked against them); what an entry may name is checked below. */
export const PROJECT_RULES_FIELD = field<boolean | string[]>(
  'projectRules',
  z.union([z.boolean(), z.array(z.string())]),
  true,
  'must be true, false or a list such as ["AGENTS.md", ".github/copilot-instructions.md"]',
);

const isKind = (entry: string): entry is RulesKind => (RULES_KINDS as readonly string[]).includes(entry);

/** The setting as sources to read; a value that cannot be one throws a SettingsError that says what to write. */
export function readProjectRulesSetting(get: SettingGetter): ProjectRulesSources {
  const given = get(PROJECT_RULES_FIELD.key);
  const parsed = PROJECT_RULES_FIELD.schema.safeParse(given ?? PROJECT_RULES_FIELD.fallback);
  if (!parsed.success) {
    if (!Array.isArray(given)) throw new SettingsError(PROJECT_RULES_SETTING, `${PROJECT_RULES_FIELD.problem}; it is ${JSON.stringify(given)}.`);
    const notText: unknown = given.find((entry: unknown) => typeof entry !== 'string');
    throw new SettingsError(PROJECT_RULES_SETTING, `lists ${JSON.stringify(notText)}; each entry must be text: one of ${RULES_KINDS.join(', ')}, or a path inside the workspace folder.`);
  }
  const value = parsed.data;
  if (value === true) return { kinds: [...RULES_KINDS], paths: [] };
  if (value === false) return { kinds: [], paths: [] };
  const kinds: RulesKind[] = [];
  const paths: string[] = [];
  for (const entry of value) {
    const path = entry.trim().replace(/\\/g, '/').replace(/^(?:\.\/)+/, '').replace(/\/+$/, '');
    if (path === '') continue;
    if (isKind(path)) {
      if (!kinds.includes(path)) kinds.push(path);
      continue;
    }
    const problem = pathProblem(path);
    if (problem !== undefined) throw new SettingsError(PROJECT_RULES_SETTING, `lists ${JSON.stringify(entry)}, which ${problem}. Give a path inside the workspace folder, e.g. "docs/ai-rules.md".`);
    if (!paths.includes(path)) paths.push(path);
  }
  return { kinds, paths };
}

/** Why a listed path cannot be read as a rules file (it would reach outside the workspace folder), if it cannot. */
function pathProblem(path: string): string | undefined {
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return 'holds a control character';
  if (/^[a-z][a-z0-9+.-]+:/i.test(path)) return 'is a URI';
  if (/^(?:\/|[a-z]:)/i.test(path)) return 'is absolute';
  if (path.startsWith('~')) return 'points into a home folder';
  if (path.split('/').includes('..')) return 'climbs out with ".."';
  return undefined;
}
