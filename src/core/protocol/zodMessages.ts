// Core uses zod in its tree-shakable "mini" form (`import * as z from 'zod/mini'` in each file, never re-exported as
// an object, or the bundler keeps all of zod): the classic API costs ~450 KB minified, mini ~40 KB. Mini ships no
// messages ("Invalid input"), and zod's English locale cannot be imported without every other locale, so this small
// map words the issues our schemas can raise. Import this module for its side effect wherever schemas are parsed.
import * as z from 'zod/mini';

z.config({
  localeError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return `expected ${issue.expected}, received ${describe(issue.input)}`;
      case 'too_small':
        return issue.origin === 'string' || issue.origin === 'array'
          ? `must have at least ${String(issue.minimum)} ${issue.origin === 'string' ? 'character(s)' : 'item(s)'}`
          : `must be at least ${String(issue.minimum)}`;
      case 'too_big':
        return `must be at most ${String(issue.maximum)}`;
      case 'invalid_value':
        return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
      case 'invalid_format':
        return `does not match the expected ${issue.format === 'regex' ? 'pattern' : issue.format}`;
      case 'invalid_union':
        return 'does not match any allowed shape';
      case 'unrecognized_keys':
        return `unknown key(s) ${issue.keys.join(', ')}`;
      default:
        return undefined;
    }
  },
});

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
