import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { functionParameters } from '../../../src/core/tools/functionDefinition';
import { COMMAND_OUTPUT_BUDGET } from '../../../src/core/tools/commandOutput';
import { toolDefinitions, WORKSPACE_TOOLS } from '../../../src/core/tools/workspaceTools';
import type { ToolDefinition } from '../../../src/core/protocol/messages';
import { toolDefinitionSchema } from '../../../src/core/protocol/requestSchema';
import { validateChatRequest } from '../../support/referenceServer/validateChatRequest';

const PATH = 'Path relative to the workspace folder, with / between folders, e.g. "src/index.ts". In a workspace with several folders, start with the folder name.';

/** Written out by hand: the exact JSON the service receives. Integers are `"integer"`, a plain JSON Schema type. */
const EXPECTED: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'read_file',
      description:
        'Read a text file of the workspace. Returns its lines numbered as "12 | text". Long files are cut; the answer says which lines it shows and how to read on.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: PATH },
          start_line: { type: 'integer', description: 'First line to read, 1-based. Default 1.' },
          end_line: { type: 'integer', description: 'Last line to read, inclusive. Default: as many lines as fit in one answer.' },
        },
        required: ['path'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_files',
      description:
        'List the files of the workspace, optionally only those matching a glob. Files excluded by files.exclude, search.exclude and .gitignore are left out.',
      parameters: {
        type: 'object',
        properties: {
          glob: { type: 'string', description: 'Glob relative to the workspace folder, e.g. "src/**/*.ts" or "**/*.{json,md}". Default: every file.' },
          max_results: { type: 'integer', description: 'The most results to return, 1 to 1000. Default 200.' },
        },
        required: [],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search_text',
      description: 'Search the text of the workspace files for a literal string or a regular expression. Returns matching lines as "path:line: text".',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'The text to find. Each match is reported with its file and line.' },
          mode: {
            type: 'string',
            description: '"literal" finds the text exactly (case-sensitive); "regex" reads the query as a JavaScript regular expression.',
            enum: ['literal', 'regex'],
          },
          glob: { type: 'string', description: 'Only search files matching this glob, e.g. "src/**/*.ts". Default: every file.' },
          max_results: { type: 'integer', description: 'The most results to return, 1 to 1000. Default 100.' },
        },
        required: ['query', 'mode'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_diagnostics',
      description: 'Get the errors and warnings VS Code reports (compiler, linter) for one file or the whole workspace, with their positions.',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string', description: `${PATH} Default: the whole workspace.` } },
        required: [],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_editor_context',
      description: 'Get what the user is looking at: the active file, its language, the selection and its text, and the visible lines.',
      parameters: { type: 'object', properties: {}, required: [] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'replace_in_file',
      description:
        'Replace one exact, unique piece of text in a file. Read the file first and copy old_text exactly. The user may be asked to approve the change.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: PATH },
          old_text: {
            type: 'string',
            description:
              'The exact text to replace, including whitespace and indentation. It must occur exactly once in the file; include enough surrounding lines to make it unique.',
          },
          new_text: { type: 'string', description: 'The text that replaces old_text. Empty deletes old_text.' },
        },
        required: ['path', 'old_text', 'new_text'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'create_file',
      description:
        'Create a new text file with the given content. Refused if the file exists unless overwrite is true. The user may be asked to approve it.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: PATH },
          content: { type: 'string', description: 'The whole content of the new file.' },
          overwrite: { type: 'boolean', description: 'Replace the file if it already exists. Default false.' },
        },
        required: ['path', 'content'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'run_command',
      description:
        'Run one shell command line in a workspace folder (e.g. the tests or a build), in a new shell with no input (stdin is empty; a command that waits for input is ended at the time-out). The user sees the command and your reason and must approve it unless their own rules allow it. You get back the exit code and the output with ANSI codes removed: all of it up to 16,000 characters, else its first 4,000 and last 12,000 characters and how much was left out between them, so prefer commands whose output is short.',
      parameters: {
        type: 'object',
        properties: {
          command: { type: 'string', description: 'The command line, exactly as a shell should run it. At most 10000 characters.' },
          folder: {
            type: 'string',
            description: 'The folder to run it in, relative to the workspace with / between folders; in a workspace with several folders, the folder name first. Default: the (first) workspace folder.',
          },
          reason: { type: 'string', description: 'One sentence for the user: why you run this command.' },
        },
        required: ['command', 'reason'],
      },
    },
  },
];

describe('tool definitions', () => {
  // As the chat of a trusted workspace offers them: every tool, run_command too.
  const definitions = toolDefinitions(true, true);

  for (const expected of EXPECTED) {
    it(`${expected.function.name} is exactly the expected JSON`, () => {
      const actual = definitions.find((definition) => definition.function.name === expected.function.name);
      // Through JSON, as the service sees it: no undefined keys, no extra ones.
      assert.deepStrictEqual(JSON.parse(JSON.stringify(actual)), expected);
    });
  }

  it('offers exactly these tools, in this order; run_command (the one shell tool) only where commands are offered', () => {
    assert.deepEqual(
      definitions.map((definition) => definition.function.name),
      EXPECTED.map((definition) => definition.function.name),
    );
    const withoutCommands = toolDefinitions(true).map((definition) => definition.function.name);
    assert.deepEqual(withoutCommands, EXPECTED.map((definition) => definition.function.name).filter((name) => name !== 'run_command'));
    assert.ok(!withoutCommands.some((name) => /shell|terminal|exec|command/i.test(name)));
  });

  it("run_command's description states the output budget the result keeps to", () => {
    const { headCharacters, tailCharacters } = COMMAND_OUTPUT_BUDGET;
    const description = definitions.find((definition) => definition.function.name === 'run_command')!.function.description ?? '';
    const figure = (value: number) => value.toLocaleString('en-US');
    assert.ok(description.includes(`up to ${figure(headCharacters + tailCharacters)} characters, else its first ${figure(headCharacters)} and last ${figure(tailCharacters)} characters`), description);
  });

  it('keeps only type, description and enum per parameter, each described, with a string type', () => {
    for (const definition of definitions) {
      const { parameters } = definition.function;
      assert.deepEqual(Object.keys(parameters).sort(), ['properties', 'required', 'type']);
      for (const [name, property] of Object.entries(parameters.properties as Record<string, Record<string, unknown>>)) {
        assert.ok(Object.keys(property).every((key) => ['type', 'description', 'enum'].includes(key)), `${definition.function.name}.${name}`);
        assert.equal(typeof property['type'], 'string');
        assert.equal(typeof property['description'], 'string');
      }
    }
  });

  it('passes our own request schema and the reference server (service interface) validation', () => {
    for (const definition of definitions) assert.equal(toolDefinitionSchema.safeParse(definition).success, true, definition.function.name);
    const request = buildChatRequest({
      settings: { model: 'm', stream: true, metadata: { tags: [], generationName: '', traceUserId: '' }, extraBody: {} },
      messages: [{ role: 'user', content: 'hi' }],
      tools: definitions,
    });
    assert.equal(request.tool_choice, 'auto');
    const validation = validateChatRequest(JSON.parse(JSON.stringify(request)));
    assert.equal(validation.ok, true, validation.ok ? '' : validation.message);
  });

  it('none when tools are turned off', () => {
    assert.deepEqual(toolDefinitions(false), []);
  });

  it('hands out copies: changing one does not change the next request', () => {
    const first = toolDefinitions(true);
    first[0]!.function.name = 'changed';
    assert.equal(toolDefinitions(true)[0]!.function.name, 'read_file');
  });

  it('the registry marks reads, edits and the command', () => {
    assert.deepEqual(
      WORKSPACE_TOOLS.filter((tool) => tool.kind === 'edit').map((tool) => tool.name),
      ['replace_in_file', 'create_file'],
    );
    assert.deepEqual(WORKSPACE_TOOLS.filter((tool) => tool.kind === 'command').map((tool) => tool.name), ['run_command']);
  });

  it('refuses a schema the service shape cannot express', () => {
    const union = z.strictObject({ value: z.union([z.string(), z.number()]) });
    assert.throws(() => functionParameters('bad', union), /single JSON type/);
  });
});
