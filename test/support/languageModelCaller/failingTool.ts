// The tool the language model caller contributes to `vscode.lm.tools`, shared with the tests that offer it.
export const FAILING_TOOL_NAME = 'askModelTest_failingTool';
export const FAILING_TOOL_MESSAGE = 'the failing tool failed on purpose';
