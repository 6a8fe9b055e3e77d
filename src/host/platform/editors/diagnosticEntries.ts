// VS Code's diagnostics as the entries core formats for the model (formatDiagnostics): one mapping for the
// get_diagnostics tool and the chat's @problems and /fix.
import * as vscode from 'vscode';
import type { DiagnosticEntry } from '../../../core';

const SEVERITY: Record<vscode.DiagnosticSeverity, DiagnosticEntry['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** `diagnostics` of the file at `path` (workspace-relative, as the model reads it), 1-based positions. */
export function diagnosticEntries(path: string, diagnostics: readonly vscode.Diagnostic[]): DiagnosticEntry[] {
  return diagnostics.map((diagnostic) => ({
    path,
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    severity: SEVERITY[diagnostic.severity],
    message: diagnostic.message,
    source: diagnostic.source,
    code: typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : diagnostic.code,
  }));
}
