// Times the real list_files and search_text (src/host/tools/searchTools.ts, bundled into this entry, running on the
// vscode API of this extension host and the ripgrep VS Code ships) against bare ripgrep on the same workspace, in
// alternating rounds, checking every answer. The settings are read once, as the chat reads them once per request.
import * as vscode from 'vscode';
import { readToolSettings } from '../../../../src/core/tools/toolSettings';
import { workspaceToolNamed } from '../../../../src/core/tools/workspaceTools';
import { findRipgrep } from '../../../../src/host/features/tools/ripgrep';
import { listFiles, searchText } from '../../../../src/host/features/tools/searchTools';
import { runAlternatingRounds } from '../../alternatingRounds';
import type { ToolPlan, ToolScenario, ToolTimings } from '../benchPlan';
import { bareRipgrep } from './bareRipgrep';
import { checkOurs, checkRipgrep, parseOurs, parseRipgrep, type ToolAnswer } from './toolAnswers';

export async function timeTools(plan: ToolPlan, progress: (line: string) => void): Promise<ToolTimings> {
  const rg = findRipgrep();
  if (!rg) throw new Error(`no ripgrep found in ${vscode.env.appRoot}: the tools would fall back to findFiles, and bare rg has no binary to run`);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the bench workspace is not open');
  const config = vscode.workspace.getConfiguration('askModel');
  const { denyGlobs } = readToolSettings((key) => config.get(key));
  const signal = new AbortController().signal;

  const ours = async (scenario: ToolScenario): Promise<ToolAnswer> => {
    const outcome = scenario.tool === 'list_files' ? await listFiles(scenario.args, workspaceToolNamed('list_files'), denyGlobs, signal) : await searchText(scenario.args, workspaceToolNamed('search_text'), denyGlobs, signal);
    return parseOurs(scenario, outcome.status, 'content' in outcome ? outcome.content : `rejected: ${outcome.reason ?? ''}`);
  };
  const scenarios: ToolTimings['scenarios'] = [];
  for (const scenario of plan.scenarios) {
    progress(`tools: ${scenario.label}`);
    const last: Record<string, ToolAnswer> = {};
    const samples = await runAlternatingRounds<ToolAnswer>(
      [
        { name: 'ours', run: () => ours(scenario) },
        { name: 'rg', run: async () => parseRipgrep(scenario, await bareRipgrep(rg, scenario.rgArgs, folder.uri.fsPath)) },
      ],
      {
        warmupRounds: plan.warmupRounds,
        warmupRunsPerRound: plan.warmupRunsPerRound,
        measuredRounds: plan.measuredRounds,
        check: (name, answer) => {
          if (name === 'ours') checkOurs(scenario, answer);
          else checkRipgrep(scenario, answer);
          last[name] = answer;
        },
        progress: (line) => progress(`  ${line}`),
      },
    );
    scenarios.push({
      name: scenario.name,
      label: scenario.label,
      oursItems: last['ours']?.items.length ?? 0,
      oursMore: last['ours']?.more ?? false,
      rgItems: last['rg']?.items.length ?? 0,
      ours: samples.get('ours')!,
      rg: samples.get('rg')!,
    });
  }
  return { ripgrep: rg, vscodeVersion: vscode.version, scenarios };
}
