// The day's spend kept in the extension's global state (every window adds to one total), logged after each answer.
import type * as vscode from 'vscode';
import { addToDailySpend, localDay, readDailySpend, type AnswerCost, type DailySpend } from '../../../core';

const KEY = 'askModel.dailySpend';

export class SpendLedger {
  constructor(private readonly state: vscode.Memento) {}

  /** Adds one answer's cost (undefined: it had no price) to today's total, and returns the total. */
  async record(cost: AnswerCost | undefined, now = new Date()): Promise<DailySpend> {
    const spend = addToDailySpend(readDailySpend(this.state.get(KEY)), localDay(now), cost);
    await this.state.update(KEY, spend);
    return spend;
  }
}
