// The conversation's turns as the extension keeps them: what the session builds and what is stored (parsed on load,
// storedConversations.ts). The view is sent its own shape of them (webviewProtocol.ts, made by viewTurns.ts): an
// answer's facts (model, tokens, times) stay here as data and reach the view as the line it shows. What only the
// session needs about a turn (the exact tool-call transcript) is kept beside the turns, in the conversation.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { answerFactsSchema } from '../run/answerFacts';
import type { CommandCallState } from '../tools/commandCall';
import { fileEditSchema } from './answerEdits';
import { imageAttachmentSchema } from './chatImages';

export const errorActionSchema = z.enum(['set-api-key', 'open-settings', 'retry', 'select-model', 'show-log']);

/**
 * A piece of context attached to a message, shown as a removable chip: from the editor (`selection`, `file`), or an
 * @-mention in the message box (also `folder`, `symbol`, `problems`, `changes`, `terminal`).
 */
export const contextChipSchema = z.object({
  id: z.string(),
  kind: z.enum(['selection', 'file', 'folder', 'symbol', 'problems', 'changes', 'terminal']),
  /** What the chip says, e.g. `hello.ts:1-3`, `hello.ts`, `src/`, `greet (hello.ts:1-3)`, `problems`. */
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

/** A project rules file that went with an answer's system prompt (src/core/rules/): a chip that opens the file. */
export const rulesChipSchema = z.object({
  /** Relative to the workspace, as the heading in the system prompt names it. */
  path: z.string(),
  /** What the user should know of it: the caps cut it, it holds invisible or reordering characters (named). */
  warning: z.optional(z.string()),
});
export type RulesChip = z.infer<typeof rulesChipSchema>;

export const userTurnSchema = z.object({
  id: z.string(),
  role: z.literal('user'),
  text: z.string(),
  context: z.array(contextChipSchema),
  /** Sent in Plan mode (chatMode.ts); absent: Act. */
  mode: z.optional(z.literal('plan')),
  /** Images pasted, dropped or attached (chatImages.ts); they go as `image_url` parts after the text. */
  images: z.optional(z.array(imageAttachmentSchema)),
});
export type UserTurn = z.infer<typeof userTurnSchema>;

/** run_command's card (tools/commandCall.ts says what each field is): what runs, where, why, what it asks, its output. */
export const commandCardSchema = z.object({
  commandLine: z.string(),
  folder: z.string(),
  reason: z.string(),
  approvalNotes: z.optional(z.array(z.string())),
  suggestedRule: z.optional(z.string()),
  allowedBy: z.optional(z.array(z.string())),
  phase: z.enum(['waiting', 'running', 'ended']),
  via: z.optional(z.enum(['terminal', 'process'])),
  outputTail: z.optional(z.string()),
  outputLines: z.optional(z.number()),
  outputCharacters: z.optional(z.number()),
  binary: z.optional(z.boolean()),
  exitCode: z.optional(z.number()),
  durationMs: z.optional(z.number()),
  ending: z.optional(z.enum(['exited', 'timed-out', 'stopped', 'cancelled', 'failed-to-start'])),
  fullOutput: z.optional(z.boolean()),
});
export type CommandCard = z.infer<typeof commandCardSchema>;
// The card's schema and the runner's state are one shape: a field added to one and not the other fails to compile.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const commandCardIsCommandState: SameShape<CommandCard, CommandCallState> = true;
void commandCardIsCommandState;

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
  /** run_command: the command's own card (Run / Reject while it waits; Stop while it runs). */
  command: z.optional(commandCardSchema),
});
export type ToolCard = z.infer<typeof toolCardSchema>;

export const assistantTurnSchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  text: z.string(),
  reasoning: z.string(),
  /** `interrupted`: the window closed, or the extension host stopped, while it was arriving (saved ahead, found on load). */
  status: z.enum(['streaming', 'done', 'stopped', 'error', 'interrupted']),
  /** One entry per model answer of the turn (a turn with tool rounds has several), in order. */
  answers: z.array(answerFactsSchema),
  /** The line an older version stored under the answer in place of its facts (format 1); shown as it was. */
  legacyFooter: z.optional(z.string()),
  /** The project rules files sent with the answer's system prompt, in order (none: absent). */
  rules: z.optional(z.array(rulesChipSchema)),
  error: z.optional(z.object({ message: z.string(), actions: z.array(errorActionSchema) })),
  /** Tool calls made while answering, in order. */
  toolCalls: z.optional(z.array(toolCardSchema)),
  /** A notice under the answer, e.g. that the tool-round limit was reached. */
  notice: z.optional(z.string()),
  /** The files the answer's edits changed, each with its text before the first and after the last (answerEdits.ts). */
  fileEdits: z.optional(z.array(fileEditSchema)),
  /**
   * The answer did not get the message's images to the model: `not-known` (the catalogue says the model reads none,
   * or its server refused them earlier; nothing was sent), `refused` (the server refused them). The message and its
   * images are kept; the view offers Send anyway (not-known) and Send without images.
   */
  imageProblem: z.optional(z.enum(['not-known', 'refused'])),
  /** Answered in Plan mode (only the read tools, asked for a plan); absent: Act. */
  mode: z.optional(z.literal('plan')),
});
export type AssistantTurn = z.infer<typeof assistantTurnSchema>;

export const turnSchema = z.discriminatedUnion('role', [userTurnSchema, assistantTurnSchema]);
export type Turn = z.infer<typeof turnSchema>;
