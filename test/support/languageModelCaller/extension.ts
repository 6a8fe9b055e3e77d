// A second extension for the integration tier: it uses Ask Model's models only through VS Code's language model API,
// as any other extension would (`vscode.lm.selectChatModels({ vendor: 'ask-model' })`, `sendRequest`), so the tests
// prove that path from outside Ask Model. Installed from a .vsix beside it (buildLanguageModelCaller.ts); its one
// command runs a question and a tool round trip and hands back what arrived. It also contributes a tool to
// `vscode.lm.tools` that always throws, as a broken tool of another extension would: Ask Model must hand the error to
// its model as the call's result.
import * as vscode from 'vscode';
import { FAILING_TOOL_MESSAGE, FAILING_TOOL_NAME } from './failingTool';

export interface RoundTripArgs {
  /** The model's id, e.g. `Default/gpt-3.5-turbo`. */
  id: string;
  /** The tool offered for the round trip; its first call is answered with `toolResult`. */
  tool: vscode.LanguageModelChatTool;
  toolResult: string;
}

export interface RoundTripResult {
  /** Every id `selectChatModels({ vendor: 'ask-model' })` gave. */
  ids: string[];
  hello: string;
  call: { name: string; input: object } | undefined;
  afterTool: string;
}

async function collect(response: vscode.LanguageModelChatResponse): Promise<{ text: string; calls: vscode.LanguageModelToolCallPart[] }> {
  let text = '';
  const calls: vscode.LanguageModelToolCallPart[] = [];
  for await (const part of response.stream) {
    if (part instanceof vscode.LanguageModelTextPart) text += part.value;
    else if (part instanceof vscode.LanguageModelToolCallPart) calls.push(part);
  }
  return { text, calls };
}

async function roundTrip(args: RoundTripArgs): Promise<RoundTripResult> {
  const models = await vscode.lm.selectChatModels({ vendor: 'ask-model' });
  const model = models.find((candidate) => candidate.id === args.id);
  if (!model) throw new Error(`no language model ${args.id} among ${models.map((candidate) => candidate.id).join(', ')}`);
  const hello = await collect(await model.sendRequest([vscode.LanguageModelChatMessage.User('Say hello.')], { justification: 'the integration tests' }));
  const question = vscode.LanguageModelChatMessage.User('Use the tool.');
  const first = await collect(await model.sendRequest([question], { tools: [args.tool] }));
  const [call] = first.calls;
  if (!call) return { ids: models.map((candidate) => candidate.id), hello: hello.text, call: undefined, afterTool: '' };
  const answer = await collect(
    await model.sendRequest(
      [question, vscode.LanguageModelChatMessage.Assistant([call]), vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(call.callId, [new vscode.LanguageModelTextPart(args.toolResult)])])],
      { tools: [args.tool] },
    ),
  );
  return { ids: models.map((candidate) => candidate.id), hello: hello.text, call: { name: call.name, input: call.input }, afterTool: answer.text };
}

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModelTest.languageModelRoundTrip', roundTrip),
    vscode.lm.registerTool<{ reason?: string }>(FAILING_TOOL_NAME, {
      invoke: (options) => {
        throw new Error(`${FAILING_TOOL_MESSAGE} (${options.input.reason ?? 'no reason'})`);
      },
    }),
  );
}

export function deactivate(): void {}
