// Pulls the server's own words out of an error body, whatever shape it has: the OpenAI shape
// `{error:{message,type,code}}`, FastAPI's `{detail}` (a string or a list of `{loc,msg}`), `{message}` (a string or,
// from NestJS, a list), a bare `{error:"text"}`, plain text, or an HTML error page (tags stripped). Always short enough
// to show in a toast. A gateway's own shapes (Portkey's) are read by gatewayBodies.ts: its wrapping is taken off the
// words, and who said them is kept, because the fix differs (the profile's headers, or the server behind it).
import { readGatewayJson, readGatewayText, type GatewayWords } from './gatewayBodies';
import { isRecord, stringish } from './jsonFields';

const MAX_WORDS = 400;

export interface ServerWords {
  /** The server's message, tidied and cut short; empty when the body said nothing useful. */
  message: string;
  /** The OpenAI-style `error.type` or `error.code`, when present. */
  code?: string;
  /** The parsed JSON body, when it was JSON. */
  json?: unknown;
  /** The body was a gateway's own shape: who said the words, and what it is about. */
  gateway?: GatewayWords;
}

export function extractServerWords(bodyText: string, contentType = ''): ServerWords {
  const trimmed = bodyText.trim();
  if (trimmed === '') return { message: '' };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const json: unknown = JSON.parse(trimmed);
      const gateway = readGatewayJson(json);
      if (gateway) return { ...gatewayWords(gateway), json };
      const fromJson = wordsFromJson(json);
      if (fromJson) return { ...fromJson, message: shorten(fromJson.message), json };
      return { message: shorten(trimmed), json };
    } catch {
      // Not JSON after all: fall through to text.
    }
  }
  if (looksLikeHtml(trimmed, contentType)) {
    return { message: shorten(htmlToText(trimmed)) };
  }
  const gateway = readGatewayText(trimmed);
  if (gateway) return gatewayWords(gateway);
  return { message: shorten(trimmed) };
}

function looksLikeHtml(text: string, contentType: string): boolean {
  return /html/i.test(contentType) || /^<(!doctype|html|head|body)/i.test(text);
}

/** A gateway's words, shortened; an upstream's HTML page relayed in an `html-message` read as its text. */
function gatewayWords(gateway: GatewayWords): ServerWords {
  const text = looksLikeHtml(gateway.message.trim(), '') ? htmlToText(gateway.message.trim()) : gateway.message;
  const message = shorten(text);
  return { message, gateway: { ...gateway, message }, ...(gateway.code !== undefined ? { code: gateway.code } : {}) };
}

function wordsFromJson(json: unknown): { message: string; code?: string } | undefined {
  if (!isRecord(json)) return undefined;
  const error = json['error'];
  const topMessage = topLevelMessage(json['message']);
  // Fastify and NestJS send `{statusCode, error: "Bad Request", message: "what was wrong"}`: `error` is only the
  // status's reason phrase there, and the words that help are in `message`.
  if (typeof error === 'string') return { message: topMessage ?? error };
  if (isRecord(error)) {
    const message = typeof error['message'] === 'string' ? error['message'] : JSON.stringify(error);
    const code = stringish(error['code']) ?? stringish(error['type']);
    return code === undefined ? { message } : { message, code };
  }
  const detail = json['detail'];
  if (typeof detail === 'string') return { message: detail };
  if (Array.isArray(detail)) return { message: detail.map(describeDetailItem).join('; ') };
  if (topMessage !== undefined) return { message: topMessage };
  return undefined;
}

/** A top-level `message`: a non-empty string, or NestJS's list of validation messages. */
function topLevelMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value.join('; ');
  return undefined;
}

/** FastAPI/pydantic validation items look like `{loc:["body","contents"], msg:"Field required"}`. */
function describeDetailItem(item: unknown): string {
  if (!isRecord(item)) return String(item);
  const location = Array.isArray(item['loc']) ? item['loc'].filter((part) => part !== 'body').join('.') : '';
  const message = typeof item['msg'] === 'string' ? item['msg'] : JSON.stringify(item);
  return location ? `${location}: ${message}` : message;
}

function htmlToText(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const body = html
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  const text = collapse(body);
  if (title && !text.startsWith(collapse(title))) return `${collapse(title)}: ${text}`;
  return text;
}

function shorten(text: string): string {
  const single = collapse(text);
  return single.length > MAX_WORDS ? `${single.slice(0, MAX_WORDS - 1)}…` : single;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
