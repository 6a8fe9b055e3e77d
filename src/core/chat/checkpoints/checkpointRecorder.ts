// The chat's checkpoints: one taken at each user message (before its answer), the files the answer's edit tools and
// approved commands change captured into it as they happen, kept in the archive at once (saved ahead, like the
// conversation, so a reload keeps them), and "Restore to here" / one step of "Redo restore" carried out through the
// ports. The cost of a turn grows with the files it touches: nothing is read or copied for a file the turn leaves alone.
import { messageOf } from '../../errors/describeError';
import type { FileChange } from '../../tools/toolLoopTypes';
import { hashesIn, pruneToBudget, type Checkpoint, type CheckpointFile } from './checkpoint';
import type { CheckpointPorts, WriteRefusal } from './checkpointPorts';
import { afterCommand, beforeCommand, CAPTURE_LIMITS, type CaptureLimits } from './commandCapture';
import { mergeCheckpoints, planRestore, type RestoreOutcome, type RestoreStep } from './restorePlan';

/** The most copied content the workspace's checkpoints keep; the oldest checkpoints lose theirs first. */
export const CHECKPOINT_BUDGET_BYTES = 256 * 1024 * 1024;

/** The user's answer about files changed by hand since: restore them anyway, keep theirs, or restore nothing. */
export type ConflictDecision = 'restore' | 'keep' | 'cancel';
export type DecideConflicts = (relativePaths: string[]) => Promise<ConflictDecision>;

const REFUSAL: Record<WriteRefusal, string> = {
  'read-only': 'read-only',
  'outside-workspace': 'outside the workspace',
  failed: 'the write failed',
};

interface Redo {
  conversationId: string;
  /** The files as they were just before the restore, as a checkpoint's files (the restore's writes are their `after`). */
  files: CheckpointFile[];
  /** The checkpoints the restore took away with their messages; redo puts them back. */
  checkpoints: Checkpoint[];
}

export class CheckpointRecorder {
  private all: Checkpoint[] | undefined;
  private loading: Promise<Checkpoint[]> | undefined;
  private current: Checkpoint | undefined;
  private redoStep: Redo | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** Something was removed or pruned since the store last dropped what nothing names. */
  private garbage = false;
  /** A save is waiting for the one being written. */
  private saveQueued = false;

  constructor(
    private readonly ports: CheckpointPorts,
    private readonly options: { budgetBytes?: number; limits?: CaptureLimits } = {},
  ) {}

  /**
   * The checkpoint of the answer to `userTurnId`, taken before it runs: new, or the one it already has (Retry answers
   * the same message again); the turn's captures go into it. A new answer ends the chance to redo a restore.
   */
  async begin(conversationId: string, userTurnId: string): Promise<void> {
    const all = await this.load();
    if (this.redoStep?.conversationId === conversationId) this.redoStep = undefined;
    const existing = all.find((checkpoint) => checkpoint.conversationId === conversationId && checkpoint.userTurnId === userTurnId);
    if (existing) {
      this.current = existing;
      return;
    }
    this.current = { id: this.ports.ids(), conversationId, userTurnId, createdAt: this.ports.now(), files: [] };
    all.push(this.current);
    await this.save();
  }

  /** The turn is over: nothing more is captured into its checkpoint. */
  end(): void {
    this.current = undefined;
  }

  /** An edit tool changed a file: its content before the turn's first write to it is kept; later writes move `after`. */
  async edited(change: FileChange): Promise<void> {
    const checkpoint = this.current;
    if (!checkpoint) return;
    try {
      const after = this.ports.digest(encode(change.after));
      const earlier = checkpoint.files.find((file) => file.path === change.path);
      if (earlier) earlier.after = after;
      else {
        const before = change.before === null ? ({ kind: 'absent' } as const) : await this.copy(encode(change.before));
        checkpoint.files.push({ path: change.path, relativePath: change.relativePath, before, after, by: 'edit' });
      }
      // The content is stored before the record names it; the record's write is not waited for (as the conversation's
      // save ahead of a finished tool call is not): the next tool call need not wait for the workspace state.
      void this.save();
    } catch (error) {
      this.ports.reportError(`checkpoints: ${change.relativePath} could not be captured: ${messageOf(error)}`);
    }
  }

  /**
   * Runs a command (`run`) in `folder` with what it can change captured into the turn's checkpoint. Outside a chat
   * turn it just runs. A capture that fails never stops the command; the failure is logged and the turn's restore
   * names what it cannot bring back.
   */
  async aroundCommand<T>(folder: string, run: () => Promise<T>): Promise<T> {
    const checkpoint = this.current;
    if (!checkpoint) return run();
    const limits = this.options.limits ?? CAPTURE_LIMITS;
    let before: Awaited<ReturnType<typeof beforeCommand>> | undefined;
    try {
      before = await beforeCommand(this.ports, folder, limits);
    } catch (error) {
      this.ports.reportError(`checkpoints: the files in ${folder} could not be captured before a command: ${messageOf(error)}`);
      checkpoint.notes = [...(checkpoint.notes ?? []), `A command ran in ${folder} whose changes could not be captured (${messageOf(error)}).`];
    }
    const watching = before ? this.ports.watcher.watch(folder) : undefined;
    try {
      return await run();
    } finally {
      if (before && watching) await this.captureAfter(checkpoint, before, await watching.stop(), limits);
    }
  }

  private async captureAfter(checkpoint: Checkpoint, before: Awaited<ReturnType<typeof beforeCommand>>, touched: string[], limits: CaptureLimits): Promise<void> {
    try {
      const capture = await afterCommand(this.ports, before, touched, limits);
      for (const file of capture.files) {
        const earlier = checkpoint.files.find((kept) => kept.path === file.path);
        if (earlier) earlier.after = file.after;
        else checkpoint.files.push(file);
      }
      if (capture.notes.length > 0) checkpoint.notes = [...(checkpoint.notes ?? []), ...capture.notes];
      await this.save();
    } catch (error) {
      this.ports.reportError(`checkpoints: a command’s changes could not be captured: ${messageOf(error)}`);
    }
  }

  /** The conversation's checkpoints, oldest first. */
  async of(conversationId: string): Promise<Checkpoint[]> {
    return (await this.load()).filter((checkpoint) => checkpoint.conversationId === conversationId).sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Puts back every file the checkpoints of `userTurnIds` (the message restored to and every later one) recorded,
   * and takes those checkpoints away (redo puts them back). `decide` is asked once when files changed by hand since.
   */
  async restore(conversationId: string, userTurnIds: readonly string[], decide: DecideConflicts): Promise<RestoreOutcome> {
    const removed = (await this.of(conversationId)).filter((checkpoint) => userTurnIds.includes(checkpoint.userTurnId));
    const outcome = await this.apply(mergeCheckpoints(removed), decide);
    if (!outcome.done) return outcome;
    outcome.notes.push(...removed.flatMap((checkpoint) => checkpoint.notes ?? []));
    this.all = (await this.load()).filter((checkpoint) => !removed.includes(checkpoint));
    if (this.current && removed.includes(this.current)) this.current = undefined;
    this.redoStep = { conversationId, files: outcome.redoFiles, checkpoints: removed };
    this.garbage = true;
    await this.save();
    return withoutRedo(outcome);
  }

  /** Whether the last restore of the conversation can be redone. */
  canRedo(conversationId: string): boolean {
    return this.redoStep?.conversationId === conversationId;
  }

  /** Puts the files back as they were right before the last restore, and its checkpoints; undefined: nothing to redo. */
  async redo(conversationId: string, decide: DecideConflicts): Promise<RestoreOutcome | undefined> {
    const redo = this.redoStep;
    if (!redo || redo.conversationId !== conversationId) return undefined;
    const outcome = await this.apply(redo.files, decide);
    if (!outcome.done) return withoutRedo(outcome);
    this.redoStep = undefined;
    this.all = [...(await this.load()), ...redo.checkpoints];
    this.garbage = true;
    await this.save();
    return withoutRedo(outcome);
  }

  /** A conversation was deleted: its checkpoints (and the content only they named) go. */
  async forget(conversationId: string): Promise<void> {
    this.all = (await this.load()).filter((checkpoint) => checkpoint.conversationId !== conversationId);
    if (this.redoStep?.conversationId === conversationId) this.redoStep = undefined;
    this.garbage = true;
    await this.save();
  }

  /**
   * Keeps only the checkpoints of `conversationIds` (the history as loaded): those of conversations the history no
   * longer holds (dropped by its caps, or emptied by a restore to their first message) go with their content.
   */
  async retain(conversationIds: ReadonlySet<string>): Promise<void> {
    const all = await this.load();
    const kept = all.filter((checkpoint) => conversationIds.has(checkpoint.conversationId) || checkpoint === this.current);
    if (kept.length === all.length) return;
    this.all = kept;
    this.garbage = true;
    await this.save();
  }

  /** Waits for the saves asked for so far (tests, and a restore that must see the last capture). */
  settled(): Promise<void> {
    return this.saving;
  }

  private async apply(files: readonly CheckpointFile[], decide: DecideConflicts): Promise<RestoreOutcome & { redoFiles: CheckpointFile[] }> {
    const { ports } = this;
    const current = new Map<string, Uint8Array | undefined>();
    for (const file of files) current.set(file.path, await ports.files.read(file.path));
    const hashOf = (path: string): string | null => {
      const bytes = current.get(path);
      return bytes === undefined ? null : ports.digest(bytes);
    };
    const plan = planRestore(files, hashOf);
    const outcome = { done: true, restored: [] as string[], keptMine: [] as string[], lost: [...plan.lost], failed: [] as { relativePath: string; why: string }[], alreadyBack: [...plan.alreadyBack], notes: [] as string[], redoFiles: [] as CheckpointFile[] };
    let steps = plan.steps;
    if (plan.conflicts.length > 0) {
      const decision = await decide(plan.conflicts.map((step) => step.relativePath));
      if (decision === 'cancel') return { ...outcome, done: false, lost: [], alreadyBack: [] };
      if (decision === 'restore') steps = [...steps, ...plan.conflicts];
      else outcome.keptMine.push(...plan.conflicts.map((step) => step.relativePath));
    }
    for (const step of steps) {
      const result = await this.applyStep(step, current.get(step.path), hashOf(step.path));
      if ('why' in result) (result.lost ? outcome.lost : outcome.failed).push({ relativePath: step.relativePath, why: result.why });
      else {
        outcome.restored.push(step.relativePath);
        outcome.redoFiles.push(result.redo);
      }
    }
    return outcome;
  }

  /** One file back; what it held just before is kept for redo (an unsaved buffer's text included, so nothing is lost). */
  private async applyStep(step: RestoreStep, now: Uint8Array | undefined, nowHash: string | null): Promise<{ redo: CheckpointFile } | { why: string; lost?: boolean }> {
    const { ports } = this;
    const writable = await ports.files.writable(step.path);
    if (writable !== true) return { why: REFUSAL[writable] };
    let bytes: Uint8Array | null = null;
    if (step.target.kind === 'copied') bytes = (await ports.blobs.get(step.target.hash)) ?? null;
    else if (step.target.kind === 'git') bytes = (await ports.git.readBlob(step.target.repository, step.target.blob)) ?? null;
    if (step.target.kind !== 'absent' && bytes === null) return { why: 'its earlier content is no longer in the store', lost: true };
    const before = now === undefined ? ({ kind: 'absent' } as const) : await this.copy(now);
    // Checked again just before the write: the file must still hold what the plan (or the user's answer) saw.
    const again = await ports.files.read(step.path);
    if ((again === undefined ? null : ports.digest(again)) !== nowHash) return { why: 'it changed while the restore ran' };
    if (!(await ports.files.write(step.path, bytes))) return { why: REFUSAL.failed };
    const after = bytes === null ? null : ports.digest(bytes);
    return { redo: { path: step.path, relativePath: step.relativePath, before, after, by: 'edit' } };
  }

  private async copy(bytes: Uint8Array): Promise<CheckpointFile['before']> {
    return { kind: 'copied', hash: await this.ports.blobs.put(bytes), size: bytes.length };
  }

  private load(): Promise<Checkpoint[]> {
    if (this.all) return Promise.resolve(this.all);
    this.loading ??= this.ports.archive.load().then(
      (loaded) => (this.all ??= loaded),
      (error: unknown) => {
        this.ports.reportError(`checkpoints: could not be read: ${messageOf(error)}`);
        return (this.all ??= []);
      },
    );
    return this.loading;
  }

  /**
   * Saves every record (pruned to the budget), then lets the store drop content nothing names. Saves never overlap,
   * and the ones asked for while one is written become one: a turn that edits many files writes the records a few
   * times, not once per file.
   */
  private save(): Promise<void> {
    if (this.saveQueued) return this.saving;
    this.saveQueued = true;
    const write = async (): Promise<void> => {
      this.saveQueued = false;
      // Taken now: what is removed while this write runs is collected by the write queued after it.
      const collect = this.garbage;
      this.garbage = false;
      // Pruned in place: a checkpoint begun while this write waits is in the same list, never left out of it.
      const all = await this.load();
      let prunedNow = false;
      for (const pruned of pruneToBudget(all, this.options.budgetBytes ?? CHECKPOINT_BUDGET_BYTES)) {
        const index = all.findIndex((checkpoint) => checkpoint.id === pruned.id);
        if (index < 0 || all[index] === pruned) continue;
        all[index] = pruned;
        prunedNow = true;
        if (this.current?.id === pruned.id) this.current = pruned;
      }
      await this.ports.archive.save(all);
      if (!collect && !prunedNow) return;
      const redo = this.redoStep ? [...this.redoStep.checkpoints, { files: this.redoStep.files }] : [];
      await this.ports.blobs.keepOnly(hashesIn([...(await this.load()), ...redo]));
    };
    this.saving = this.saving.then(write).catch((error: unknown) => this.ports.reportError(`checkpoints: could not be saved: ${messageOf(error)}`));
    return this.saving;
  }
}

function withoutRedo(outcome: RestoreOutcome & { redoFiles?: CheckpointFile[] }): RestoreOutcome {
  const { redoFiles: _redo, ...rest } = outcome;
  return rest;
}

function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
