// The short line a tool card shows for a call's arguments: enough to see what the model is doing at a glance. A
// workspace tool's line comes from its record; any other call (a VS Code tool, a name no tool has, arguments that are
// not an object) shows its argument text, shortened.
import { findWorkspaceTool } from '../tools/workspaceTools';

export function summariseToolArguments(name: string | undefined, argumentsText: string): string {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(argumentsText || '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    return shorten(argumentsText);
  }
  const tool = name === undefined ? undefined : findWorkspaceTool(name);
  return tool ? tool.summary(args) : shorten(argumentsText);
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
