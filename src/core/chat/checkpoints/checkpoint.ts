// A checkpoint: taken when the user sends a message, before its answer runs, it holds what "Restore to here" on that
// message needs to put the workspace back. It starts empty and grows only with the files the turn touches: an edit
// tool's file is captured before its first write in the turn, a command's files around the command (commandCapture.ts).
// What it keeps is small: per file, where its earlier content can be found (copied into the content store, in git's
// objects, or nowhere, with why) and the content the turn's last recorded write left (to notice a hand edit since).
// The records are stored apart from the conversation (its JSON and its export are unchanged); the content they name
// lives in a content-addressed store (CheckpointBlobs).
import * as z from 'zod/mini';
import '../../protocol/zodMessages';

export const savedStateSchema = z.discriminatedUnion('kind', [
  /** The file did not exist: restoring deletes it. */
  z.object({ kind: z.literal('absent') }),
  /** Its bytes are in the content store under `hash`. */
  z.object({ kind: z.literal('copied'), hash: z.string(), size: z.number() }),
  /** It was clean in git: its bytes are git's blob `blob` in the repository at `repository`. */
  z.object({ kind: z.literal('git'), repository: z.string(), blob: z.string() }),
  /** Not captured: `why` says so to the user (too large, ignored by git, beyond the bound of a folder without git). */
  z.object({ kind: z.literal('lost'), why: z.string() }),
]);
export type SavedState = z.infer<typeof savedStateSchema>;

export const checkpointFileSchema = z.object({
  /** Absolute path on disk. */
  path: z.string(),
  /** As the user knows it: relative to its workspace folder. */
  relativePath: z.string(),
  /** The file as it was when the checkpoint was taken. */
  before: savedStateSchema,
  /** The content hash of what the turn's last recorded write left; null when that write deleted it. */
  after: z.nullable(z.string()),
  /** What changed it: an edit tool, or a command the user approved. */
  by: z.enum(['edit', 'command']),
});
export type CheckpointFile = z.infer<typeof checkpointFileSchema>;

export const checkpointSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** The user message the checkpoint was taken before. */
  userTurnId: z.string(),
  createdAt: z.number(),
  files: z.array(checkpointFileSchema),
  /** What the turn changed that a restore cannot bring back, as sentences (a file a command changed outside git's view). */
  notes: z.optional(z.array(z.string())),
  /** Set when the budget pruned the content of this checkpoint's files: a restore to here names them as lost. */
  pruned: z.optional(z.boolean()),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const CHECKPOINTS_FORMAT = 1;
export const storedCheckpointsSchema = z.object({ format: z.literal(CHECKPOINTS_FORMAT), checkpoints: z.array(checkpointSchema) });

/** The records as stored (one list per workspace), parsed, never cast; what does not parse is dropped with a problem. */
export function readStoredCheckpoints(stored: unknown): { checkpoints: Checkpoint[]; problem?: string } {
  if (stored === undefined || stored === null) return { checkpoints: [] };
  const parsed = storedCheckpointsSchema.safeParse(stored);
  if (parsed.success) return { checkpoints: parsed.data.checkpoints };
  return { checkpoints: [], problem: 'The chat’s checkpoints could not be read (Restore to here cannot bring back files changed before this session).' };
}

/** Every content hash the checkpoints still name (the store keeps these and may delete the rest). */
export function hashesIn(checkpoints: readonly Pick<Checkpoint, 'files'>[]): Set<string> {
  const hashes = new Set<string>();
  for (const checkpoint of checkpoints) for (const file of checkpoint.files) if (file.before.kind === 'copied') hashes.add(file.before.hash);
  return hashes;
}

/** How many bytes of content the checkpoints name, each hash once. */
export function copiedBytes(checkpoints: readonly Checkpoint[]): number {
  const sizes = new Map<string, number>();
  for (const checkpoint of checkpoints) for (const file of checkpoint.files) if (file.before.kind === 'copied') sizes.set(file.before.hash, file.before.size);
  return [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

/**
 * Keeps the copied content within `budgetBytes`: the oldest checkpoints lose their copies first (marked `pruned`, so a
 * restore to them names those files as lost instead of failing later). The newest checkpoint is never pruned.
 */
export function pruneToBudget(checkpoints: readonly Checkpoint[], budgetBytes: number): Checkpoint[] {
  const ordered = [...checkpoints].sort((a, b) => a.createdAt - b.createdAt);
  let result = ordered;
  for (let index = 0; index < ordered.length - 1 && copiedBytes(result) > budgetBytes; index++) {
    const oldest = result[index];
    if (!oldest || !oldest.files.some((file) => file.before.kind === 'copied')) continue;
    const pruned: Checkpoint = {
      ...oldest,
      pruned: true,
      files: oldest.files.map((file) => (file.before.kind === 'copied' ? { ...file, before: { kind: 'lost', why: 'its earlier content was pruned to keep the checkpoints within their budget' } } : file)),
    };
    result = result.map((checkpoint) => (checkpoint === oldest ? pruned : checkpoint));
  }
  return result;
}
