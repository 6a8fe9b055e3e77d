// Preparing a run through its ports: the model picker when no model is set, which tools each feature offers (and the
// log line that says why a model got none, or which of VS Code's it got), the project rules, and what the run's
// callbacks send to the log and the answer record.
import assert from 'node:assert/strict';
import { prepareRun } from '../../../src/core/run/prepareRun';
import { fakePrepareRunPorts } from '../../support/fakes/run/fakePrepareRunPorts';
import { composeProjectRules } from '../../../src/core/rules/projectRulesText';
import { doneWith } from '../../support/chatDone';
import { DEFAULT_PLAN_PROMPT } from '../../../src/core/settings/extensionSettings';
import { validateToolCall } from '../../../src/core/tools/validateToolCall';
import { WORKSPACE_TOOLS } from '../../../src/core/tools/workspaceTools';

const MCP_TOOLS = [
  { name: 'mcp_tickets_lookup', description: 'Looks a ticket up', tags: ['mcp'] },
  { name: 'tickets.close', description: 'Closes a ticket', tags: ['mcp'] },
  { name: 'copilot_search', description: 'Searches', tags: ['vscode_editing'] },
];

const functionNames = (definitions: readonly { function: { name: string } }[]): string[] => definitions.map((definition) => definition.function.name);

describe('prepareRun', () => {
  describe('the model', () => {
    it('uses the model set, without the picker, and names the profile in every log line', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'qwen' } });
      const run = await prepareRun(ports, { surface: 'chat' });
      assert.equal(run?.model, 'qwen');
      assert.deepEqual(ports.calls, { createClient: 1, selectModel: 0, toolSettings: 1, vscodeTools: 0 });
      // The check of the settings the request carries builds one request, which is not logged.
      assert.equal(ports.requests.length, 0);
      run!.buildRequest([{ role: 'user', content: 'Hi' }]);
      assert.equal(ports.requests.length, 1);
      assert.equal(ports.requests[0]!.feature, 'chat (profile Default)');
      assert.equal(ports.requests[0]!.request.model, 'qwen');
    });

    it('with no model set, asks the picker and makes the client again for the model chosen', async () => {
      const ports = fakePrepareRunPorts({ picked: 'llama' });
      const run = await prepareRun(ports, { surface: 'ask-model' });
      assert.equal(run?.model, 'llama');
      assert.equal(ports.calls.selectModel, 1);
      assert.equal(ports.calls.createClient, 2);
      assert.equal(run!.buildRequest([{ role: 'user', content: 'Hi' }]).model, 'llama');
    });

    it('is undefined when the user declines to pick one, before reading anything else', async () => {
      const ports = fakePrepareRunPorts();
      assert.equal(await prepareRun(ports, { surface: 'chat', workingFiles: ['a.ts'] }), undefined);
      assert.equal(ports.calls.createClient, 1);
      assert.equal(ports.calls.toolSettings, 0);
      assert.deepEqual(ports.rulesAsked, []);
      assert.deepEqual(ports.lines, []);
    });
  });

  describe('the tools offered', () => {
    it('Ask Model offers none and never reads the tool settings (a bad one cannot stop it)', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', 'tools.maxRounds': 'many', 'vscodeTools.allow': ['mcp'] }, vscodeTools: MCP_TOOLS });
      const run = await prepareRun(ports, { surface: 'ask-model' });
      assert.equal(run?.tools, undefined);
      assert.deepEqual(run?.toolDefinitions, []);
      assert.equal(ports.calls.toolSettings, 0);
      assert.equal(ports.calls.vscodeTools, 0);
      assert.equal(run!.buildRequest([{ role: 'user', content: 'Hi' }]).tools, undefined);
    });

    it('the chat offers the workspace tools as the settings say, with their approval rule and round limit', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', 'tools.maxRounds': 4, 'tools.autoApprove': ['replace_in_file'] } });
      const run = await prepareRun(ports, { surface: 'chat' });
      assert.ok(run?.tools);
      assert.equal(run.tools.maxRounds, 4);
      assert.deepEqual(run.tools.offer, { workspace: true, commands: true, vscode: [] });
      assert.ok(functionNames(run.toolDefinitions).includes('read_file'));
      assert.ok(functionNames(run.toolDefinitions).includes('run_command'), 'the chat of a trusted workspace offers run_command');
      assert.ok(functionNames(run.toolDefinitions).includes('replace_in_file'));
      const edit = { id: '1', name: 'replace_in_file', kind: 'edit', args: {} } as never;
      const create = { id: '2', name: 'create_file', kind: 'edit', args: {} } as never;
      assert.equal(run.tools.needsApproval(edit), false, 'auto-approved by the settings');
      assert.equal(run.tools.needsApproval(create), true);
      // autoApprove never covers a command: it always gets the question (its runner asks unless the user's rules cover it).
      const command = { id: '3', name: 'run_command', kind: 'command', args: {} } as never;
      const everything = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm', 'tools.autoApprove': ['replace_in_file', 'create_file', 'run_command'] } }), { surface: 'chat' });
      assert.equal(everything?.tools?.needsApproval(command), true);
      assert.equal(run.buildRequest([{ role: 'user', content: 'Hi' }]).tool_choice, 'auto');
    });

    it('the chat offers none when tools are off; Edit Selection offers ours all the same (it works through them)', async () => {
      const chat = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm', 'tools.enabled': false } }), { surface: 'chat' });
      assert.equal(chat?.tools, undefined);
      assert.deepEqual(chat?.toolDefinitions, []);
      const edit = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm', 'tools.enabled': false } }), { surface: 'edit-selection' });
      assert.deepEqual(edit?.tools?.offer, { workspace: true, commands: false, vscode: [] });
      assert.ok(functionNames(edit!.toolDefinitions).includes('replace_in_file'));
      assert.ok(!functionNames(edit!.toolDefinitions).includes('run_command'), 'Edit Selection never runs commands');
    });

    it('in Restricted Mode the chat offers every workspace tool but run_command, and a call of it is not valid', async () => {
      const run = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm' }, trusted: false }), { surface: 'chat' });
      assert.deepEqual(run?.tools?.offer, { workspace: true, commands: false, vscode: [] });
      assert.deepEqual(functionNames(run!.toolDefinitions), ['read_file', 'list_files', 'search_text', 'get_diagnostics', 'get_editor_context', 'replace_in_file', 'create_file']);
      const validation = validateToolCall({ id: 'c', index: 0, idGenerated: false, name: 'run_command', arguments: { command: 'ls', reason: 'look' }, argumentsText: '{}' }, run!.tools!.offer);
      assert.equal(validation.ok, false);
      assert.match(validation.ok ? '' : validation.message, /There is no tool named "run_command", so nothing was run\. Available tools: read_file, .*create_file\./);
    });

    it('a model whose override says tools: false gets none, and the log says why and what to change', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', modelOverrides: { m: { tools: false } }, 'vscodeTools.allow': ['mcp'] }, vscodeTools: MCP_TOOLS });
      const run = await prepareRun(ports, { surface: 'edit-selection' });
      assert.equal(run?.tools, undefined);
      assert.deepEqual(run?.toolDefinitions, []);
      assert.equal(ports.calls.vscodeTools, 0, "VS Code's tools are not even listed");
      assert.deepEqual(ports.lines, ['warn: edit-selection (profile Default): no workspace tools offered to m: its override says tools: false (set "tools": true for it in modelOverrides to offer them anyway)']);
    });

    it('a model the server says takes no tools gets none, with that reason', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm' }, models: { m: { supportsTools: false } } });
      const run = await prepareRun(ports, { surface: 'chat' });
      assert.equal(run?.tools, undefined);
      assert.deepEqual(ports.lines, ['warn: chat (profile Default): no workspace tools offered to m: the server says it takes none (set "tools": true for it in modelOverrides to offer them anyway)']);
    });

    it("offers VS Code's tools that askModel.vscodeTools.allow names, renamed where a service would refuse the name, even with ours off", async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', 'tools.enabled': false, 'vscodeTools.allow': ['mcp'], 'vscodeTools.autoApprove': ['mcp_tickets_lookup'] }, vscodeTools: MCP_TOOLS });
      const run = await prepareRun(ports, { surface: 'chat' });
      assert.deepEqual(ports.lines, ['info: chat (profile Default): VS Code tools offered: mcp_tickets_lookup, tickets.close as tickets_close']);
      assert.equal(run?.tools?.offer?.workspace, false);
      assert.deepEqual(
        run?.tools?.offer?.vscode.map((tool) => [tool.toolName, tool.functionName, tool.autoApproved]),
        [
          ['mcp_tickets_lookup', 'mcp_tickets_lookup', true],
          ['tickets.close', 'tickets_close', false],
        ],
      );
      assert.deepEqual(functionNames(run!.toolDefinitions), ['mcp_tickets_lookup', 'tickets_close']);
    });

    it('says so when the allow list names none of the tools VS Code lists', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', 'vscodeTools.allow': ['github'] }, vscodeTools: MCP_TOOLS });
      const run = await prepareRun(ports, { surface: 'chat' });
      assert.deepEqual(ports.lines, ["info: chat (profile Default): askModel.vscodeTools.allow names none of the 3 tools VS Code lists (an MCP server's tools are listed once it has started)"]);
      assert.deepEqual(run?.tools?.offer, { workspace: true, commands: true, vscode: [] });
    });

    it('with nothing allowed, asks VS Code for no list and logs nothing about tools', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm' }, vscodeTools: MCP_TOOLS });
      await prepareRun(ports, { surface: 'chat' });
      assert.equal(ports.calls.vscodeTools, 0);
      assert.deepEqual(ports.lines, []);
    });
  });

  describe('Plan mode (the chat)', () => {
    const READ_TOOLS = WORKSPACE_TOOLS.filter((tool) => tool.kind === 'read').map((tool) => tool.name);

    it('offers only the read tools, through the one assembly, and a call of any other is answered, never run', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', 'vscodeTools.allow': ['mcp'] }, vscodeTools: MCP_TOOLS });
      const run = await prepareRun(ports, { surface: 'chat', mode: 'plan' });
      assert.ok(READ_TOOLS.length > 0);
      assert.deepEqual(functionNames(run!.toolDefinitions), READ_TOOLS);
      assert.deepEqual(functionNames(run!.buildRequest([{ role: 'user', content: 'Hi' }]).tools ?? []), READ_TOOLS);
      assert.equal(ports.calls.vscodeTools, 0, "VS Code's tools are not offered, so not listed");
      assert.deepEqual(run?.tools?.offer, { workspace: true, commands: false, vscode: [], readOnly: true });
      const edit = validateToolCall({ id: 'c1', name: 'replace_in_file', arguments: { path: 'a.ts', old_text: 'a', new_text: 'b' }, argumentsText: '{}', index: 0, idGenerated: false }, run!.tools!.offer);
      assert.equal(edit.ok, false);
      assert.match(edit.ok ? '' : edit.message, /no tool named "replace_in_file"/);
      assert.ok(!(edit.ok ? '' : edit.message).includes('create_file'), 'the list of tools names only those offered');
      const read = validateToolCall({ id: 'c2', name: 'read_file', arguments: { path: 'a.ts' }, argumentsText: '{}', index: 0, idGenerated: false }, run!.tools!.offer);
      assert.equal(read.ok, true);
      assert.deepEqual(ports.lines, [`info: chat (profile Default): plan mode: only the read tools are offered (${READ_TOOLS.join(', ')}; none of VS Code's)`]);
    });

    it('sends the system prompt, then askModel.chat.planPrompt; Act sends the system prompt alone', async () => {
      const settings = { model: 'm', systemPrompt: 'Be brief.', 'chat.planPrompt': 'Answer with a checklist.' };
      const plan = await prepareRun(fakePrepareRunPorts({ settings }), { surface: 'chat', mode: 'plan' });
      assert.equal(plan?.systemPrompt, 'Be brief.\n\nAnswer with a checklist.');
      const act = await prepareRun(fakePrepareRunPorts({ settings }), { surface: 'chat', mode: 'act' });
      assert.equal(act?.systemPrompt, 'Be brief.');
      assert.ok(functionNames(act!.toolDefinitions).includes('replace_in_file'));
    });

    it('the default plan prompt asks for a checklist and says nothing may change', async () => {
      const run = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm', systemPrompt: '' } }), { surface: 'chat', mode: 'plan' });
      assert.equal(run?.systemPrompt, DEFAULT_PLAN_PROMPT);
      assert.match(DEFAULT_PLAN_PROMPT, /checklist/);
      assert.match(DEFAULT_PLAN_PROMPT, /do not change anything/);
    });

    it('with the tools off, Plan mode offers none either', async () => {
      const run = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm', 'tools.enabled': false } }), { surface: 'chat', mode: 'plan' });
      assert.equal(run?.tools, undefined);
      assert.deepEqual(run?.toolDefinitions, []);
    });
  });

  describe('the rest of the run', () => {
    it('reads the project rules for the working files and sends them after the system prompt', async () => {
      const projectRules = composeProjectRules([{ path: 'AGENTS.md', text: 'Use tabs.' }]);
      const ports = fakePrepareRunPorts({ settings: { model: 'm', systemPrompt: 'Be brief.' }, projectRules });
      const run = await prepareRun(ports, { surface: 'edit-selection', workingFiles: ['src/a.ts'] });
      assert.deepEqual(ports.rulesAsked, [{ workingFiles: ['src/a.ts'], feature: 'edit-selection (profile Default)' }]);
      assert.equal(run?.projectRules, projectRules);
      assert.ok(run!.systemPrompt.startsWith('Be brief.'));
      assert.ok(run!.systemPrompt.includes('Use tabs.'));
    });

    it('without rules, the system prompt is the setting and the run names no rules', async () => {
      const run = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm', systemPrompt: 'Be brief.' } }), { surface: 'chat' });
      assert.equal(run?.systemPrompt, 'Be brief.');
      assert.equal(run && 'projectRules' in run, false);
    });

    it('a setting the request cannot carry stops the run before the rules are read', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', extraBody: { model: 'other' } } });
      await assert.rejects(prepareRun(ports, { surface: 'chat', workingFiles: ['a.ts'] }), /extraBody.*cannot set "model"/s);
      assert.deepEqual(ports.rulesAsked, []);
    });

    it('names the profile for the footer only when there is more than one', async () => {
      assert.equal((await prepareRun(fakePrepareRunPorts({ settings: { model: 'm' } }), { surface: 'chat' }))?.profile, undefined);
      assert.equal((await prepareRun(fakePrepareRunPorts({ settings: { model: 'm' }, profileCount: 2 }), { surface: 'chat' }))?.profile, 'Default');
    });

    it('records each answer with its feature and facts (the profile named as the footer names it)', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm' }, profileCount: 2 });
      const run = await prepareRun(ports, { surface: 'ask-model' });
      run!.answered(doneWith({ model: 'm-2025' }));
      assert.equal(ports.recorded.length, 1);
      assert.equal(ports.recorded[0]!.feature, 'ask-model (profile Default)');
      assert.equal(ports.recorded[0]!.facts.model, 'm-2025');
      assert.equal(ports.recorded[0]!.facts.profile, 'Default');
    });

    it("summarises with a request that offers no tools and asks for at most the room given, logged as the feature's summary", async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm' }, summary: 'They talked.' });
      const run = await prepareRun(ports, { surface: 'chat' });
      assert.equal(await run!.summarise([{ role: 'user', content: 'Summarise' }], 300, new AbortController().signal), 'They talked.');
      const [sent] = ports.client.completed;
      assert.equal(sent?.tools, undefined);
      assert.equal(sent?.max_tokens, 300);
      assert.deepEqual(
        ports.requests.map((logged) => logged.feature),
        ['chat (profile Default) summary'],
      );
    });

    it('an empty summary is an error, not a summary', async () => {
      const run = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm' }, summary: '  \n' }), { surface: 'chat' });
      await assert.rejects(run!.summarise([{ role: 'user', content: 'Summarise' }], 300, new AbortController().signal), /answered the summary request with nothing/);
    });

    it("reads the model's window when asked, so a window discovered after the run was prepared counts", async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm', modelOverrides: { m: { maxOutputTokens: 1000 } } } });
      await prepareRun(ports, { surface: 'chat' });
      const [memory] = ports.memories;
      assert.deepEqual([memory?.profile, memory?.model], ['Default', 'm']);
      assert.equal(memory!.known(), undefined);
      ports.models['m'] = { contextWindow: 32_768, maxOutputTokens: 4096 };
      assert.deepEqual(memory!.known(), { contextWindow: 32_768, maxOutputTokens: 1000 }, "the user's output limit wins over the server's");
    });

    it('logs each compaction under the feature', async () => {
      const ports = fakePrepareRunPorts({ settings: { model: 'm' } });
      const run = await prepareRun(ports, { surface: 'chat' });
      run!.compacted({ budgetTokens: 3000, estimatedTokens: 5000, shortened: [] });
      assert.deepEqual(ports.lines, ['info: chat (profile Default): context: ~5000 tokens estimated for a budget of 3000: nothing changed']);
    });
  });
});
