// An error status with the body shapes found in the wild: OpenAI's, FastAPI's `detail`, a bare `message`,
// plain text, a proxy's HTML page, or nothing at all.
import { STATUS_CODES } from 'node:http';
import type { ServerResponse } from 'node:http';
import { sendJson, sendText } from './httpReplies';
import type { ExtraHeaders } from './httpReplies';
import { errorCodeForStatus, errorTypeForStatus, openAiErrorBody } from './openAiError';
import type { StatusFault } from './types';

export function sendStatusFault(res: ServerResponse, fault: StatusFault): void {
  const status = fault.status;
  const reason = STATUS_CODES[status] ?? 'Error';
  const message = fault.message ?? `Reference server fault: HTTP ${status} ${reason}`;
  const headers: ExtraHeaders = {};
  if (fault.retryAfter !== undefined) headers['Retry-After'] = fault.retryAfter;
  if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = fault.retryAfterMs;

  switch (fault.body) {
    case 'openai':
      return sendJson(res, status, openAiErrorBody({ message, type: errorTypeForStatus(status), param: null, code: errorCodeForStatus(status) }), headers);
    case 'detail':
      return sendJson(res, status, { detail: message }, headers);
    case 'message':
      return sendJson(res, status, { message }, headers);
    case 'text':
      return sendText(res, status, message, 'text/plain', headers);
    case 'html':
      return sendText(res, status, htmlPage(status, reason, message), 'text/html', headers);
    case 'empty':
      return sendText(res, status, '', null, headers);
    default: {
      const unknownShape: never = fault.body;
      throw new Error(`Unknown error body shape: ${String(unknownShape)}`);
    }
  }
}

function htmlPage(status: number, reason: string, message: string): string {
  const escaped = message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<p>${escaped}</p>\r\n<hr><center>reference-proxy</center>\r\n</body>\r\n</html>\r\n`;
}
