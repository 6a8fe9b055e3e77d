// The short line a tool card shows for a call's arguments: enough to see what the model is doing at a glance.
export function summarizeToolArguments(name: string | undefined, argumentsText: string): string {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(argumentsText || '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    return shorten(argumentsText);
  }
  const text = (key: string): string | undefined => (typeof args[key] === 'string' ? (args[key] as string) : undefined);
  switch (name) {
    case 'read_file': {
      const start = args['start_line'];
      const end = args['end_line'];
      const range = start !== undefined || end !== undefined ? `:${String(start ?? 1)}-${String(end ?? '')}` : '';
      return `${text('path') ?? '?'}${range}`;
    }
    case 'list_files':
      return text('glob') ?? 'all files';
    case 'search_text':
      return `${JSON.stringify(text('query') ?? '')}${text('glob') ? ` in ${text('glob')}` : ''}`;
    case 'get_diagnostics':
      return text('path') ?? 'whole workspace';
    case 'get_editor_context':
      return 'active editor';
    case 'replace_in_file':
    case 'create_file':
      return text('path') ?? '?';
    default:
      return shorten(argumentsText);
  }
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
