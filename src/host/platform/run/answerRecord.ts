// What every answer leaves behind, whatever surface asked for it (Ask Model, Edit Selection, the chat, VS Code's chat
// through our provider): the answer's line in the log, the server's rate-limit note in the status bar, and its cost in
// the day's spend; and, from a LiteLLM proxy (it sends x-litellm-call-id), the key's budget asked again (at most once a
// minute). One function, so a surface cannot forget one.
import { formatDailySpend, messageOf, rateLimitNote, type AnswerFacts, type ChatDone } from '../../../core';
import type { ClientFactory } from '../clients/clientFactory';
import { logAnswer, type Log } from '../log/log';

export function recordAnswer(factory: ClientFactory, log: Log, feature: string, done: ChatDone, facts: AnswerFacts): void {
  logAnswer(log, feature, done, facts);
  factory.notices.setRateLimit(rateLimitNote(done.headers.rateLimit));
  factory.spend.record(facts.cost).then(
    (spend) => log.info(formatDailySpend(spend)),
    (error: unknown) => log.warn(`the day's spend could not be saved: ${messageOf(error)}`),
  );
  if (done.headers.callId !== undefined) {
    factory.createFor(facts.profile).then(
      (ready) => factory.keyBudgets.refresh(ready),
      () => undefined,
    ).catch((error: unknown) => log.warn(`the key's budget could not be read: ${messageOf(error)}`));
  }
}
