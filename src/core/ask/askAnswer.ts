// Ask Model's answer, from the prepared run to the finished document: the answer opens under a header naming the
// question and the code, streams in as it arrives (each round's reasoning as a quoted block of its own), and ends
// with its footer (model, tokens, times, cost, the window's share used), or a note that it was stopped (what arrived
// stays) or failed. Closing the answer stops the request: nobody is left to read it. The world comes in through
// ports (askPorts.ts); the host implements them on VS Code (src/host/commands/askCommand.ts).
import { formatTokenCount } from '../catalogue/formatModelDetail';
import { messageOf } from '../errors/describeError';
import { answerFactsOf } from '../run/answerFacts';
import { contextFitterFor, runAnswer, type PreparedRun } from '../run/preparedRun';
import type { ToolLoopEvent, ToolLoopResult } from '../tools/toolLoopTypes';
import { formatAnswerFooter } from './answerFooter';
import { buildAskMessages, type CodeContext } from './askPrompt';
import type { AnswerSink, AskAnswerPorts } from './askPorts';

export interface AskAnswerOutcome<Sink extends AnswerSink> {
  /** `cancelled`: no model was picked. `error` without `sink`: the run could not be prepared (no answer opened). */
  status: 'done' | 'stopped' | 'error' | 'cancelled';
  /** The answer's document, once opened. */
  sink?: Sink;
  /** The answer's text (reasoning left out). */
  answer?: string;
  /** The line under a finished answer. */
  footer?: string;
  error?: unknown;
}

export async function askAnswer<Sink extends AnswerSink>(ports: AskAnswerPorts<Sink>, question: string, code: CodeContext): Promise<AskAnswerOutcome<Sink>> {
  let run: PreparedRun;
  try {
    const prepared = await ports.prepareRun();
    if (!prepared) return { status: 'cancelled' };
    run = prepared;
  } catch (error) {
    return { status: 'error', error };
  }
  const sink = await ports.openAnswer(question, answerHeader(question, code));
  if (code.truncatedCharacters > 0) ports.showInformation(`Ask Model: ${code.path} is long; only its first ${code.code.length} characters were sent.`);

  const writer = new AnswerWriter(sink);
  let footer: string | undefined;
  const controller = new AbortController();
  const messages = buildAskMessages(run.systemPrompt, question, code);
  const context = contextFitterFor(run);
  const result: ToolLoopResult | { outcome: 'error'; error: unknown } = await ports
    .withProgress(`Ask Model: asking ${run.model}…`, (report, signal) => {
      if (signal.aborted) controller.abort();
      else signal.addEventListener('abort', () => controller.abort(), { once: true });
      return runAnswer(run, {
        messages,
        context,
        signal: controller.signal,
        onEvent: (event) => {
          if (!sink.isOpen) controller.abort(); // The user closed the answer: stop paying for it.
          else if (event.type === 'answerDone') {
            // The window's share the question and its answer took, once the window is known.
            const use = context.use([...messages, { role: 'assistant', content: writer.text }]);
            footer = `${formatAnswerFooter(answerFactsOf(event.done, run))}${use ? ` · context ${formatTokenCount(use.usedTokens)} / ${formatTokenCount(use.windowTokens)}` : ''}`;
          } else if (writer.write(event) === 'first text') report('answering…');
        },
      });
    })
    .then(
      (value) => value,
      (error: unknown) => ({ outcome: 'error' as const, error }),
    );
  const common = { sink, answer: writer.text };
  if (result.outcome === 'error') {
    sink.append(`\n\n_(failed: ${messageOf(result.error)})_\n`);
    await sink.finish();
    ports.logError(`ask-model: ${messageOf(result.error)}`);
    return { status: 'error', error: result.error, ...common };
  }
  if (result.outcome === 'stopped' || footer === undefined) {
    sink.append('\n\n_(stopped: the answer above is partial)_\n');
    await sink.finish();
    return { status: 'stopped', ...common };
  }
  const notice = result.outcome === 'max-rounds' && result.notice ? `\n\n_(${result.notice})_` : '';
  sink.append(`${notice}\n\n---\n_${footer}_\n`);
  await sink.finish();
  return { status: 'done', ...common, footer };
}

/** The answer's first lines: the question (on one line) and the code it is about. */
export function answerHeader(question: string, code: CodeContext): string {
  const where = code.wholeFile ? `${code.path} (whole file${code.truncatedCharacters > 0 ? `, first ${code.code.length} characters` : ''})` : `${code.path}, lines ${code.startLine}–${code.endLine}`;
  return `**${question.replace(/\n/g, ' ')}**\n\n_About ${where}_\n\n---\n\n`;
}

/**
 * The answer's text and reasoning as the document shows them: reasoning as a quoted block (`> **Reasoning**`), a
 * block of its own per round, closed by a blank line before the text that follows it.
 */
export class AnswerWriter {
  /** The answer's text so far (reasoning left out). */
  text = '';
  private inReasoning = false;

  constructor(private readonly sink: Pick<AnswerSink, 'append'>) {}

  /** Writes what `event` adds to the document; 'first text' when it began the answer's text. */
  write(event: ToolLoopEvent): 'first text' | undefined {
    if (event.type === 'roundStart' && this.inReasoning) {
      // Each round's reasoning is a block of its own.
      this.sink.append('\n\n');
      this.inReasoning = false;
    } else if (event.type === 'reasoning') {
      this.sink.append(`${this.inReasoning ? '' : '> **Reasoning**\n> '}${event.text.replace(/\n/g, '\n> ')}`);
      this.inReasoning = true;
    } else if (event.type === 'text') {
      if (this.inReasoning) this.sink.append('\n\n');
      this.inReasoning = false;
      const first = this.text === '';
      this.text += event.text;
      this.sink.append(event.text);
      return first ? 'first text' : undefined;
    }
    return undefined;
  }
}
