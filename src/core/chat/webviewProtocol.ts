// The chat view's message protocol: one zod discriminated union per direction. Both sides parse `unknown` on
// arrival and act only on what parses; anything else is rejected and logged. The host owns the conversation; the
// view renders what it is sent and asks for changes. The turns it carries are the conversation's (chatTurns.ts) as
// the view shows them: an answer's facts become the line under it (viewTurns.ts makes them).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { CHAT_MODES } from '../run/chatMode';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE, imageUploadSchema } from './chatImages';
import { assistantTurnSchema, contextChipSchema, errorActionSchema, toolCardSchema, userTurnSchema } from './chatTurns';

export type { CommandCard, ContextChip, ToolCard, UserTurn } from './chatTurns';
export type { ChatMode } from '../run/chatMode';
export { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_IMAGES_PER_MESSAGE, formatBytes, type ImageAttachment, type ImageType, type ImageUpload } from './chatImages';

export const viewAssistantTurnSchema = z.extend(z.omit(assistantTurnSchema, { answers: true, legacyFooter: true, fileEdits: true }), {
  /** The files the answer's edits changed (the view offers Revert and View changes); their texts stay in the host. */
  editedFiles: z.optional(z.array(z.string())),
  /** The line under an answer: model, tokens, time to first token, total time, `_response_ms`. */
  footer: z.optional(z.string()),
  /** What the answer cost, when every request it made had a price (the header adds them up); `prices` when any of it
   * is our product of list prices. */
  cost: z.optional(z.object({ usd: z.number(), basis: z.enum(['server', 'prices']) })),
});
export type ViewAssistantTurn = z.infer<typeof viewAssistantTurnSchema>;

export const viewTurnSchema = z.discriminatedUnion('role', [userTurnSchema, viewAssistantTurnSchema]);
export type ViewTurn = z.infer<typeof viewTurnSchema>;

export const conversationSummarySchema = z.object({ id: z.string(), title: z.string(), updatedAt: z.number(), turns: z.number() });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** How much of the model's window the next request would take (the tool definitions and the system prompt included). */
export const contextUseSchema = z.object({
  usedTokens: z.number(),
  windowTokens: z.number(),
  /** What a request may take before older messages are summarised (below the window: the answer's room, a margin). */
  budgetTokens: z.optional(z.number()),
});
export type ContextUse = z.infer<typeof contextUseSchema>;

export const chatViewStateSchema = z.object({
  conversationId: z.string(),
  turns: z.array(viewTurnSchema),
  /** Context that will go with the next message. */
  pendingContext: z.array(contextChipSchema),
  busy: z.boolean(),
  model: z.string(),
  /** The active profile, and every profile's name (the header offers a switch when there is more than one). */
  profile: z.string(),
  profiles: z.array(z.string()),
  history: z.array(conversationSummarySchema),
  /** Undefined while the model's window is unknown (no figure is invented). */
  context: z.optional(contextUseSchema),
  /** The last turn the model now sees only as a summary ("earlier messages summarised"); what the user sees is unchanged. */
  summarisedThrough: z.optional(z.string()),
  /** The mode the next message is sent in (the header's Act / Plan switch). */
  mode: z.optional(z.enum(CHAT_MODES)),
  /** The last Restore to here in this conversation can be redone (the view shows Redo restore). */
  redoRestore: z.optional(z.boolean()),
});
export type ChatViewState = z.infer<typeof chatViewStateSchema>;

/** One entry of the message box's completion list: an @-mention or a slash command. */
export const completionItemSchema = z.object({
  /** Names the item to the host when the user accepts it (the host remembers what it offered). */
  id: z.string(),
  kind: z.enum(['file', 'folder', 'symbol', 'problems', 'selection', 'changes', 'terminal', 'command']),
  /** What is inserted after the `@` or `/`, and the list's first column. */
  label: z.string(),
  /** The second column: a file's path, a symbol's kind and place, what a command does. */
  detail: z.optional(z.string()),
});
export type CompletionItem = z.infer<typeof completionItemSchema>;

/** Host → view. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  /** The whole state: on `ready`, when the view becomes visible again, after a conversation switch. */
  z.object({ type: z.literal('state'), state: chatViewStateSchema }),
  /** A turn was added or changed (status, footer, error); replaces the turn with the same id or appends it. */
  z.object({ type: z.literal('turn'), turn: viewTurnSchema, busy: z.boolean() }),
  /** Streamed text for the assistant turn `turnId` (one message per network read, not per token). */
  z.object({ type: z.literal('delta'), turnId: z.string(), text: z.string(), reasoning: z.string() }),
  /** A tool card was added to, or changed in, the assistant turn `turnId`. */
  z.object({ type: z.literal('toolCall'), turnId: z.string(), call: toolCardSchema }),
  z.object({ type: z.literal('pendingContext'), chips: z.array(contextChipSchema) }),
  z.object({ type: z.literal('history'), history: z.array(conversationSummarySchema) }),
  /** After an answer (or a switch): the next request's share of the window, and where the summary ends. */
  z.object({ type: z.literal('context'), context: z.optional(contextUseSchema), summarisedThrough: z.optional(z.string()) }),
  /** The answer to `completeInput` number `requestId` (an older answer than the view's latest question is dropped). */
  z.object({ type: z.literal('completionItems'), requestId: z.number(), items: z.array(completionItemSchema) }),
  /** The images the user picked with Attach image (the view checks and scales them as it does a pasted one). */
  z.object({
    type: z.literal('imageFiles'),
    files: z.array(z.object({ name: z.string(), mimeType: z.enum(IMAGE_TYPES), dataUrl: z.string().check(z.maxLength(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64)) })),
    /** Files that were not taken, and why (too large, not an image type). */
    problems: z.array(z.string()),
  }),
  /** Puts the cursor in the message box (after "Open Chat"). */
  z.object({ type: z.literal('focusInput') }),
  /** Restore to here put the message back in the box; `onlyIf`: change the box only while it holds exactly that text. */
  z.object({ type: z.literal('setInput'), text: z.string(), onlyIf: z.optional(z.string()) }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

/**
 * View → host. Strict: a key our own view never sends means the message did not come from it as written, so it is
 * refused (and logged) rather than acted on with the extra keys dropped.
 */
export const viewMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('send'), text: z.string().check(z.maxLength(200_000)), images: z.optional(z.array(imageUploadSchema).check(z.maxLength(MAX_IMAGES_PER_MESSAGE))) }),
  /** Attach image: the host opens a file picker and answers with `imageFiles`. */
  z.strictObject({ type: z.literal('pickImages') }),
  /** On an answer whose images did not reach the model: send the message again with them anyway, or without them. */
  z.strictObject({ type: z.literal('resendImages'), turnId: z.string(), withImages: z.boolean() }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('retry') }),
  z.strictObject({ type: z.literal('newChat') }),
  /** Compact now: summarise the earlier turns for the model. */
  z.strictObject({ type: z.literal('compactNow') }),
  z.strictObject({ type: z.literal('attachContext'), kind: z.enum(['selection', 'file']) }),
  z.strictObject({ type: z.literal('removeContext'), chipId: z.string() }),
  /** The word under the caret starts with `@` or (as the first word) `/`: what can complete it. */
  z.strictObject({ type: z.literal('completeInput'), requestId: z.int(), trigger: z.enum(['@', '/']), query: z.string().check(z.maxLength(120)) }),
  /** An @-mention accepted from the last completion list: the host attaches it as a chip. */
  z.strictObject({ type: z.literal('attachMention'), itemId: z.string().check(z.maxLength(100)) }),
  z.strictObject({ type: z.literal('copyCode'), code: z.string() }),
  z.strictObject({ type: z.literal('insertCode'), code: z.string() }),
  z.strictObject({ type: z.literal('applyCode'), code: z.string() }),
  z.strictObject({ type: z.literal('openLink'), href: z.string().check(z.maxLength(8_192)) }),
  z.strictObject({ type: z.literal('openConversation'), id: z.string() }),
  z.strictObject({ type: z.literal('deleteConversation'), id: z.string() }),
  z.strictObject({ type: z.literal('errorAction'), action: errorActionSchema }),
  /** Accept or Reject on an edit's tool card; a reason for a rejection goes back to the model. */
  z.strictObject({ type: z.literal('toolDecision'), callId: z.string(), approved: z.boolean(), reason: z.optional(z.string().check(z.maxLength(2_000))) }),
  z.strictObject({ type: z.literal('showDiff'), callId: z.string() }),
  /**
   * A command's card: Stop it while it runs, open its whole output, or allow commands starting with the rule its card
   * offers (the host writes the rule it computed for that call, never text from the view) and run this one.
   */
  z.strictObject({ type: z.literal('commandAction'), callId: z.string().check(z.maxLength(200)), action: z.enum(['stop', 'openOutput', 'allowRule']) }),
  /** An answer's actions, for an answer that applied edits: put its files back, or open one diff of them all. */
  z.strictObject({ type: z.literal('revertAnswerEdits'), turnId: z.string() }),
  z.strictObject({ type: z.literal('viewAnswerChanges'), turnId: z.string() }),
  /** Restore to here on a user message (the conversation and the files go back to before it), and its one redo. */
  z.strictObject({ type: z.literal('restoreToHere'), turnId: z.string() }),
  z.strictObject({ type: z.literal('redoRestore') }),
  /** History: export a conversation (the host asks Markdown or JSON, then where), or import one from a file. */
  z.strictObject({ type: z.literal('exportConversation'), id: z.string() }),
  z.strictObject({ type: z.literal('importConversation') }),
  /** The header's profile switch. */
  z.strictObject({ type: z.literal('selectProfile'), name: z.string().check(z.maxLength(200)) }),
  /** The header's Act / Plan switch. */
  z.strictObject({ type: z.literal('setMode'), mode: z.enum(CHAT_MODES) }),
  /** Act on this plan, on a Plan-mode answer: back to Act, and the model is asked to carry the plan out. */
  z.strictObject({ type: z.literal('actOnPlan'), turnId: z.string() }),
  /** A project rules chip: open that rules file (the host opens only a rules file inside the workspace). */
  z.strictObject({ type: z.literal('openRulesFile'), path: z.string().check(z.maxLength(4_096)) }),
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
