// The OpenAI error body, `{error:{message,type,param,code}}`, which the server uses for all of its own errors.
import type { ServerResponse } from 'node:http';
import { sendJson } from './httpReplies';
import type { ExtraHeaders } from './httpReplies';

export interface OpenAiErrorFields {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export function openAiErrorBody(fields: OpenAiErrorFields): { error: OpenAiErrorFields } {
  return { error: { message: fields.message, type: fields.type, param: fields.param, code: fields.code } };
}

export function sendOpenAiError(res: ServerResponse, status: number, fields: OpenAiErrorFields, headers: ExtraHeaders = {}): void {
  sendJson(res, status, openAiErrorBody(fields), headers);
}

/** The error `type` OpenAI-style servers use for a status. */
export function errorTypeForStatus(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 408) return 'timeout_error';
  if (status === 409) return 'conflict_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export function errorCodeForStatus(status: number): string | null {
  if (status === 429) return 'rate_limit_exceeded';
  return null;
}
