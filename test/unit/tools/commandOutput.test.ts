// A command's output within its bounds: what the model gets (head and tail within the budget its description states,
// ANSI and OSC removed, how much was left out), the card's tail, binary output, and the memory kept however much is
// printed.
import assert from 'node:assert/strict';
import { CARD_TAIL_LINES, COMMAND_OUTPUT_BUDGET, CommandOutput, looksBinary } from '../../../src/core/tools/commandOutput';
import { commandPreview, commandResultText, type CommandRunResult } from '../../../src/core/tools/commandCall';

const lines = (from: number, to: number): string => Array.from({ length: to - from + 1 }, (_, at) => `line ${from + at}\n`).join('');
const exited = (exitCode: number): CommandRunResult => ({ ending: 'exited', exitCode, durationMs: 1_250, timeoutSeconds: 300 });

describe('a command’s output', () => {
  it('is given whole, ANSI colours, OSC 8 links and progress redraws removed, when it fits the budget', () => {
    const output = new CommandOutput();
    output.push('\u001b[32m✔ passes\u001b[0m\n');
    output.push('\u001b]8;;https://evil.example\u0007a link\u001b]8;;\u0007\n');
    output.push('progress 10%\rprogress 100%\n');
    assert.deepEqual(output.forModel(), { text: '✔ passes\na link\nprogress 100%', omittedLines: 0, omittedCharacters: 0 });
    assert.equal(output.totalLines, 3);
  });

  for (const [count, kept] of [[20_000, 'all kept'], [60_000, 'the middle dropped while reading']] as const) {
    it(`keeps the first and last characters of ${count} lines (${kept}) within the budget and says exactly how many lines were left out`, () => {
      const output = new CommandOutput();
      // The lines arrive in chunks that cut lines in two.
      const text = lines(1, count);
      for (let at = 0; at < text.length; at += 997) output.push(text.slice(at, at + 997));
      const { text: shown, omittedLines, omittedCharacters } = output.forModel();
      const [head, gap, ...tail] = shown.split(/\n(\[… [^\]]* left out …\])\n/);
      assert.ok(head !== undefined && gap !== undefined);
      const tailText = tail.join('');
      assert.ok(head.length <= COMMAND_OUTPUT_BUDGET.headCharacters, `head ${head.length}`);
      assert.ok(tailText.length <= COMMAND_OUTPUT_BUDGET.tailCharacters, `tail ${tailText.length}`);
      assert.ok(head.startsWith('line 1\nline 2\n'));
      assert.ok(tailText.endsWith(`line ${count - 1}\nline ${count}`));
      // Whole lines only, on both sides of the gap.
      assert.match(head.split('\n').at(-1)!, /^line \d+$/);
      assert.match(tailText.split('\n')[0]!, /^line \d+$/);
      const firstLeftOut = Number(/line (\d+)$/.exec(head)![1]) + 1;
      const lastLeftOut = Number(/^line (\d+)/.exec(tailText)![1]) - 1;
      assert.equal(omittedLines, lastLeftOut - firstLeftOut + 1);
      // The characters between are exact while everything was kept, and "about" once the middle was dropped.
      const between = text.indexOf(`line ${lastLeftOut + 1}\n`) - text.indexOf(`line ${firstLeftOut}\n`) + 1;
      if (count === 20_000) assert.equal(omittedCharacters, between);
      else assert.ok(Math.abs(omittedCharacters - between) <= 2, `${omittedCharacters} ~ ${between}`);
      const about = count === 20_000 ? '' : 'about ';
      assert.equal(gap, `[… ${omittedLines.toLocaleString('en-US')} lines (${about}${omittedCharacters.toLocaleString('en-US')} characters) left out …]`);
    });
  }

  it('keeps bounded memory however much is printed: 100 MB in, a fixed head and ring kept', () => {
    const output = new CommandOutput();
    const chunk = 'x'.repeat(1023) + '\n';
    const chunks = 100 * 1024;
    for (let at = 0; at < chunks; at++) output.push(chunk);
    assert.equal(output.totalCharacters, chunk.length * chunks);
    assert.equal(output.totalLines, chunks);
    // What is kept is the head and the ring, not the 100 MB: the model text stays within the budget plus the gap line.
    const { text } = output.forModel();
    assert.ok(text.length < COMMAND_OUTPUT_BUDGET.headCharacters + COMMAND_OUTPUT_BUDGET.tailCharacters + 200, String(text.length));
    const kept = (output as unknown as { head: string; tail: string[] }).tail.reduce((sum, part) => sum + part.length, (output as unknown as { head: string }).head.length);
    assert.ok(kept <= 64 * 1024 + 256 * 1024, `kept ${kept}`);
  });

  it('a ring cut inside an escape sequence shows no half escape: the tail starts at the next whole line', () => {
    const output = new CommandOutput();
    output.push('a'.repeat(70_000) + '\n');
    for (let at = 0; at < 40_000; at++) output.push(`\u001b[31mred ${at}\u001b[0m\n`);
    const { text } = output.forModel();
    assert.ok(!text.includes('\u001b') && !text.includes('[0m') && !text.includes('[31m'), 'no escape, whole or half');
    assert.match(text, /red 39999$/);
  });

  it("gives the card its last lines only, each cut to a card's width", () => {
    const output = new CommandOutput();
    output.push(lines(1, 500));
    output.push(`${'y'.repeat(1_000)}\n`);
    const tail = output.cardTail().split('\n');
    assert.equal(tail.length, CARD_TAIL_LINES);
    assert.equal(tail.at(-1), `${'y'.repeat(399)}…`);
    assert.equal(tail.at(-2), 'line 500');
    const short = new CommandOutput();
    short.push('one\ntwo\n');
    assert.equal(short.cardTail(), 'one\ntwo');
  });

  it('calls output with NUL or mostly control characters binary, and plain text with escapes and tabs not', () => {
    assert.equal(looksBinary('PK\u0003\u0004\u0000\u0000'), true);
    assert.equal(looksBinary('\u0001\u0002\u0003\u0004abc\u0005\u0006'), true);
    assert.equal(looksBinary('\ufffd\ufffd\ufffdab'), true);
    assert.equal(looksBinary('\u001b[31mred\u001b[0m\tcol\r\n'), false);
    assert.equal(looksBinary(''), false);
  });
});

describe('a command’s result for the model', () => {
  it('says the exit code, the time, where it ran and what it printed', () => {
    const output = new CommandOutput();
    output.push('\u001b[1mok\u001b[0m\n');
    assert.equal(commandResultText('npm test', '.', exited(0), output), '$ npm test\n(in .)\nExit code 0 after 1.3 s.\nOutput (1 line, ANSI codes removed):\nok');
    assert.equal(commandPreview(exited(2)), 'exit code 2');
  });

  it('says that nothing was printed, that binary output is not shown, and that a long one was cut', () => {
    assert.match(commandResultText('true', '.', exited(0), new CommandOutput()), /\nIt printed nothing\.$/);
    const binary = new CommandOutput();
    binary.push('\u0000\u0001\u0002ELF');
    assert.match(commandResultText('cat a.out', '.', exited(0), binary), /It printed 6 characters that look binary \(NUL or control characters\), so they are not shown\. The user can open the whole output from the card\.$/);
    const long = new CommandOutput();
    long.push(lines(1, 10_000));
    assert.match(commandResultText('seq', '.', exited(0), long), /Output \(10,000 lines, ANSI codes removed\): It was cut to its first 4,000 and last 12,000 characters\. The user can open/);
  });

  it('tells the model a time-out ended it, and that commands get no input', () => {
    const text = commandResultText('read answer', 'app', { ending: 'timed-out', exitCode: undefined, durationMs: 30_000, timeoutSeconds: 30 }, new CommandOutput());
    assert.match(text, /did not end within 30 seconds \(askModel\.tools\.commandTimeoutSeconds\), so it and every process it started were ended\. Commands get no input: if it was waiting for input/);
    assert.equal(commandPreview({ ending: 'timed-out', exitCode: undefined, durationMs: 30_000, timeoutSeconds: 30 }), 'ended at the time-out (30 s)');
  });

  it('says when the user stopped it, and when it could not start', () => {
    assert.match(commandResultText('sleep 9', '.', { ending: 'stopped', exitCode: undefined, durationMs: 2_000, timeoutSeconds: 300 }, new CommandOutput()), /The user stopped the command after 2\.0 s; it and every process it started were ended\./);
    assert.match(
      commandResultText('x', '.', { ending: 'failed-to-start', exitCode: undefined, durationMs: 0, error: 'spawn /bin/nosh ENOENT', timeoutSeconds: 300 }, new CommandOutput()),
      /The command could not be started: spawn \/bin\/nosh ENOENT\.$/,
    );
  });
});
