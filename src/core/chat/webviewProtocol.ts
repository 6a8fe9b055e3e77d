// The chat view's message protocol: one zod discriminated union per direction. Both sides parse `unknown` on
// arrival and act only on what parses; anything else is rejected and logged. The host owns the conversation; the
// view renders what it is sent and asks for changes.
import * as z from 'zod/mini';
import '../protocol/zodMessages';

const errorAction = z.enum(['set-api-key', 'open-settings', 'retry', 'select-model', 'show-log']);

/** A piece of editor context attached to a message, shown as a removable chip. */
export const contextChipSchema = z.object({
  id: z.string(),
  kind: z.enum(['selection', 'file']),
  /** What the chip says, e.g. `hello.ts:1-3` or `hello.ts`. */
  label: z.string(),
  path: z.string(),
  languageId: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  /** The exact text that will be sent (a snapshot taken when it was attached). */
  text: z.string(),
  /** Characters left out because the text was longer than the cap. */
  truncatedCharacters: z.number(),
});
export type ContextChip = z.infer<typeof contextChipSchema>;

export const userTurnSchema = z.object({
  id: z.string(),
  role: z.literal('user'),
  text: z.string(),
  context: z.array(contextChipSchema),
});
export type UserTurn = z.infer<typeof userTurnSchema>;

/** A tool call as the chat shows it: a card with its status, and Accept / Reject while an edit waits for the user. */
export const toolCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A short summary of the arguments, e.g. `src/a.ts` or `"TODO" in **\/*.ts`. */
  summary: z.string(),
  status: z.enum(['queued', 'awaiting-approval', 'running', 'done', 'failed', 'rejected', 'invalid', 'cancelled', 'skipped']),
  /** One line of the result, the error, or the reason. */
  preview: z.optional(z.string()),
  /** An edit tool: Accept / Reject apply while `status` is `awaiting-approval`; Show diff opens the preview. */
  isEdit: z.boolean(),
});
export type ToolCard = z.infer<typeof toolCardSchema>;

export const assistantTurnSchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  text: z.string(),
  reasoning: z.string(),
  status: z.enum(['streaming', 'done', 'stopped', 'error']),
  /** The line under an answer: model, tokens, time to first token, total time, `_response_ms`. */
  footer: z.optional(z.string()),
  error: z.optional(z.object({ message: z.string(), actions: z.array(errorAction) })),
  /** Tool calls made while answering, in order. */
  toolCalls: z.optional(z.array(toolCardSchema)),
  /** A notice under the answer, e.g. that the tool-round limit was reached. */
  notice: z.optional(z.string()),
});
export type AssistantTurn = z.infer<typeof assistantTurnSchema>;

export const turnSchema = z.discriminatedUnion('role', [userTurnSchema, assistantTurnSchema]);
export type Turn = z.infer<typeof turnSchema>;

export const conversationSummarySchema = z.object({ id: z.string(), title: z.string(), updatedAt: z.number(), turns: z.number() });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const chatViewStateSchema = z.object({
  conversationId: z.string(),
  turns: z.array(turnSchema),
  /** Context that will go with the next message. */
  pendingContext: z.array(contextChipSchema),
  busy: z.boolean(),
  model: z.string(),
  history: z.array(conversationSummarySchema),
});
export type ChatViewState = z.infer<typeof chatViewStateSchema>;

/** Host → view. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  /** The whole state: on `ready`, when the view becomes visible again, after a conversation switch. */
  z.object({ type: z.literal('state'), state: chatViewStateSchema }),
  /** A turn was added or changed (status, footer, error); replaces the turn with the same id or appends it. */
  z.object({ type: z.literal('turn'), turn: turnSchema, busy: z.boolean() }),
  /** Streamed text for the assistant turn `turnId` (one message per network read, not per token). */
  z.object({ type: z.literal('delta'), turnId: z.string(), text: z.string(), reasoning: z.string() }),
  /** A tool card was added to, or changed in, the assistant turn `turnId`. */
  z.object({ type: z.literal('toolCall'), turnId: z.string(), call: toolCardSchema }),
  z.object({ type: z.literal('pendingContext'), chips: z.array(contextChipSchema) }),
  z.object({ type: z.literal('history'), history: z.array(conversationSummarySchema) }),
  /** Puts the cursor in the message box (after "Open Chat"). */
  z.object({ type: z.literal('focusInput') }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

/**
 * View → host. Strict: a key our own view never sends means the message did not come from it as written, so it is
 * refused (and logged) rather than acted on with the extra keys dropped.
 */
export const viewMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('send'), text: z.string().check(z.maxLength(200_000)) }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('retry') }),
  z.strictObject({ type: z.literal('newChat') }),
  z.strictObject({ type: z.literal('attachContext'), kind: z.enum(['selection', 'file']) }),
  z.strictObject({ type: z.literal('removeContext'), chipId: z.string() }),
  z.strictObject({ type: z.literal('copyCode'), code: z.string() }),
  z.strictObject({ type: z.literal('insertCode'), code: z.string() }),
  z.strictObject({ type: z.literal('applyCode'), code: z.string() }),
  z.strictObject({ type: z.literal('openLink'), href: z.string().check(z.maxLength(8_192)) }),
  z.strictObject({ type: z.literal('openConversation'), id: z.string() }),
  z.strictObject({ type: z.literal('deleteConversation'), id: z.string() }),
  z.strictObject({ type: z.literal('errorAction'), action: errorAction }),
  /** Accept or Reject on an edit's tool card; a reason for a rejection goes back to the model. */
  z.strictObject({ type: z.literal('toolDecision'), callId: z.string(), approved: z.boolean(), reason: z.optional(z.string().check(z.maxLength(2_000))) }),
  z.strictObject({ type: z.literal('showDiff'), callId: z.string() }),
]);
export type ViewMessage = z.infer<typeof viewMessageSchema>;

export type ParsedMessage<T> = { ok: true; message: T } | { ok: false; problem: string };

function parseWith<T>(schema: z.ZodMiniType<T>, data: unknown): ParsedMessage<T> {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  return { ok: false, problem: `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'unexpected shape'}` };
}

export const parseHostMessage = (data: unknown): ParsedMessage<HostMessage> => parseWith(hostMessageSchema, data);
export const parseViewMessage = (data: unknown): ParsedMessage<ViewMessage> => parseWith(viewMessageSchema, data);

/** Links the view may ask the host to open: web pages and mail addresses, never `javascript:`, `data:`, `file:` or `command:`. */
export function isOpenableLink(href: string): boolean {
  try {
    const url = new URL(href);
    if (url.protocol === 'mailto:') return url.pathname.includes('@');
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
