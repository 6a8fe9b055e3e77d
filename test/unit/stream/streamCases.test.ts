// The twenty stream cases every client must get right. Each transcript is fed through a real `Response` whose body
// is cut at every byte boundary (short cases) or at seeded random boundaries (long ones, including inside multi-byte
// UTF-8), and every cut must give the same outcome as the expectation.
import assert from 'node:assert/strict';
import { atEveryByte, atRandom, expectAtEverySplit } from '../../support/expectAtEverySplit';
import { chunk, dataLine, textTranscript } from '../../support/sseTranscript';

const multibyte = ['Grüße, ', 'naïve café — ', '日本語テキスト ', '🙂👍🏽 ', 'done.'];

describe('stream cases', () => {
  it('01 line endings: \\n, \\r\\n and \\r all give the same answer', async () => {
    for (const newline of ['\n', '\r\n', '\r']) {
      await expectAtEverySplit(textTranscript(['Hel', 'lo'], { newline }), atEveryByte, (o) => {
        assert.equal(o.text, 'Hello');
        assert.equal(o.done?.finishReason, 'stop');
        assert.equal(o.error, undefined);
      });
    }
  });

  it('02 `: keep-alive` comment lines between events are ignored', async () => {
    const transcript = `: keep-alive\n\n${dataLine(chunk({ content: 'A' }))}: keep-alive\n\n: ping\n${dataLine(chunk({ content: 'B' }, 'stop'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.equal(o.text, 'AB');
      assert.equal(o.error, undefined);
    });
  });

  it('03 a `data:` field split over several lines is joined before parsing', async () => {
    const json = JSON.stringify(chunk({ content: 'joined' }, 'stop'));
    const cut = json.indexOf('"choices"');
    const transcript = `data: ${json.slice(0, cut)}\ndata: ${json.slice(cut)}\n\ndata: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.equal(o.text, 'joined');
      assert.equal(o.done?.finishReason, 'stop');
    });
  });

  it('04 `data:` with and without the space after the colon', async () => {
    const transcript = `${dataLine(chunk({ content: 'with ' }), '\n', ' ')}${dataLine(chunk({ content: 'without' }, 'stop'), '\n', '')}data:[DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => assert.equal(o.text, 'with without'));
  });

  it('05 a role-only first delta and `content: null` yield no text', async () => {
    const transcript = `${dataLine(chunk({ role: 'assistant', content: null }))}${dataLine(chunk({ content: null }))}${dataLine(chunk({ content: 'x' }))}${dataLine(chunk({}, 'stop'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.equal(o.text, 'x');
      assert.equal(o.error, undefined);
    });
  });

  it('06 a final chunk with `choices: []` carries usage', async () => {
    const usage = { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 };
    await expectAtEverySplit(textTranscript(['o', 'k'], { usage }), atEveryByte, (o) => {
      assert.equal(o.text, 'ok');
      assert.deepEqual(o.usage, usage);
      assert.equal(o.done?.finishReason, 'stop');
    });
  });

  it('07 a chunk with `choices: null` is tolerated', async () => {
    const transcript = `${dataLine(chunk({ content: 'a' }))}${dataLine({ id: 'x', object: 'chat.completion.chunk', choices: null })}${dataLine(chunk({ content: 'b' }, 'stop'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.equal(o.text, 'ab');
      assert.equal(o.error, undefined);
    });
  });

  it('08 tool-call arguments one character per chunk, id and name only in the first fragment', async () => {
    const args = '{"path":"src/a.ts","line":3}';
    let transcript = dataLine(chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'abcdefghijklmnopqrstuvwxyzABCDEF', type: 'function', function: { name: 'read_file', arguments: '' } }] }));
    for (const ch of args) transcript += dataLine(chunk({ tool_calls: [{ index: 0, function: { arguments: ch } }] }));
    transcript += `${dataLine(chunk({}, 'tool_calls'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atRandom, (o) => {
      assert.deepEqual(o.toolCalls, [{ id: 'abcdefghijklmnopqrstuvwxyzABCDEF', idGenerated: false, name: 'read_file', arguments: { path: 'src/a.ts', line: 3 } }]);
      assert.equal(o.done?.finishReason, 'tool_calls');
    });
  });

  it('09 two parallel tool calls with interleaved fragments are assembled by index', async () => {
    const a = '{"query":"TODO","mode":"literal"}';
    const b = '{"path":"README.md"}';
    let transcript = dataLine(chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'search_text', arguments: '' } }] }));
    transcript += dataLine(chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'read_file', arguments: '' } }] }));
    for (let i = 0; i < Math.max(a.length, b.length); i += 3) {
      if (i < b.length) transcript += dataLine(chunk({ tool_calls: [{ index: 1, function: { arguments: b.slice(i, i + 3) } }] }));
      if (i < a.length) transcript += dataLine(chunk({ tool_calls: [{ index: 0, function: { arguments: a.slice(i, i + 3) } }] }));
    }
    transcript += `${dataLine(chunk({}, 'tool_calls'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atRandom, (o) => {
      assert.deepEqual(o.toolCalls, [
        { id: 'call_a', idGenerated: false, name: 'search_text', arguments: { query: 'TODO', mode: 'literal' } },
        { id: 'call_b', idGenerated: false, name: 'read_file', arguments: { path: 'README.md' } },
      ]);
    });
  });

  it('10 a tool call with no id gets a generated one', async () => {
    const transcript = `${dataLine(chunk({ tool_calls: [{ index: 0, type: 'function', function: { name: 'list_files', arguments: '{}' } }] }))}${dataLine(chunk({}, 'tool_calls'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.deepEqual(o.toolCalls, [{ id: '<generated>', idGenerated: true, name: 'list_files', arguments: {} }]);
    });
  });

  it('11 no `[DONE]`: the body just ends after the finish reason', async () => {
    await expectAtEverySplit(textTranscript(['fin', 'e'], { done: false }), atEveryByte, (o) => {
      assert.equal(o.text, 'fine');
      assert.equal(o.done?.finishReason, 'stop');
      assert.equal(o.error, undefined);
    });
  });

  it('12 `[DONE]` followed by trailing bytes: the trailing bytes are ignored', async () => {
    const transcript = `${textTranscript(['x'])}data: {"this would be malformed"\n\ngarbage`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.equal(o.text, 'x');
      assert.equal(o.error, undefined);
    });
  });

  it('13 an `event: error` and a `data: {"error":…}` mid-stream: partial text kept, read as the error its status gives', async () => {
    const named = `${dataLine(chunk({ content: 'partial ' }))}event: error\ndata: {"error":{"message":"upstream overloaded","type":"server_error"}}\n\n`;
    await expectAtEverySplit(named, atEveryByte, (o) => {
      assert.equal(o.text, 'partial ');
      assert.equal(o.error?.kind, 'server');
      assert.match(o.error?.message ?? '', /upstream overloaded/);
      assert.match(o.error?.message ?? '', /partial answer is kept/);
      assert.equal(o.done, undefined);
    });
    const inline = `${dataLine(chunk({ content: 'partial ' }))}${dataLine({ error: { message: 'context length exceeded', code: 400 } })}`;
    await expectAtEverySplit(inline, atEveryByte, (o) => {
      assert.equal(o.text, 'partial ');
      assert.equal(o.error?.kind, 'bad-request');
      assert.match(o.error?.message ?? '', /context length exceeded/);
    });
    const unnamed = `${dataLine(chunk({ content: 'partial ' }))}${dataLine({ error: { message: 'something broke' } })}`;
    await expectAtEverySplit(unnamed, atEveryByte, (o) => {
      assert.equal(o.text, 'partial ');
      assert.equal(o.error?.kind, 'stream');
      assert.equal(o.error?.failure, 'server-error');
      assert.match(o.error?.message ?? '', /something broke/);
    });
  });

  it('14 `reasoning_content` and `reasoning` deltas become reasoning, not text', async () => {
    const transcript = `${dataLine(chunk({ reasoning_content: 'think ' }))}${dataLine(chunk({ reasoning: 'more' }))}${dataLine(chunk({ content: 'answer' }, 'stop'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.equal(o.reasoning, 'think more');
      assert.equal(o.text, 'answer');
    });
  });

  it('15 `<think>…</think>` at the start of content is split off as reasoning', async () => {
    await expectAtEverySplit(textTranscript(['<thi', 'nk>Let me see', '.</thi', 'nk>\n\n', 'The answer']), atEveryByte, (o) => {
      assert.equal(o.reasoning, 'Let me see.');
      assert.equal(o.text, 'The answer');
    });
    await expectAtEverySplit(textTranscript(['A <think> later ', 'is text']), atEveryByte, (o) => {
      assert.equal(o.reasoning, '');
      assert.equal(o.text, 'A <think> later is text');
    });
  });

  it('16 `finish_reason: "length"` inside tool-call arguments: an error event, never run', async () => {
    const transcript = `${dataLine(chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'create_file', arguments: '{"path":"a.ts","cont' } }] }))}${dataLine(chunk({}, 'length'))}data: [DONE]\n\n`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.deepEqual(o.toolCalls, []);
      assert.deepEqual(o.broken, [{ name: 'create_file', problem: 'truncated' }]);
      assert.equal(o.done?.finishReason, 'length');
    });
  });

  it('17 a data line that is not JSON: partial text kept, a malformed-stream error', async () => {
    const transcript = `${dataLine(chunk({ content: 'kept' }))}data: this is not json\n\n${dataLine(chunk({ content: '!' }, 'stop'))}`;
    await expectAtEverySplit(transcript, atEveryByte, (o) => {
      assert.equal(o.text, 'kept');
      assert.equal(o.error?.failure, 'malformed');
      assert.match(o.error?.message ?? '', /not JSON/);
    });
  });

  it('18 a JSON body (not SSE) answering a stream request is read as a whole answer', async () => {
    const body = JSON.stringify({
      id: 'chatcmpl-json',
      object: 'chat.completion',
      model: 'json-model',
      choices: [{ index: 0, message: { role: 'assistant', content: 'whole answer' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
      _response_ms: 12.5,
    });
    for (const headers of [{ 'content-type': 'application/json' }, {} as Record<string, string>]) {
      await expectAtEverySplit(body, atRandom, (o) => {
        assert.equal(o.text, 'whole answer');
        assert.deepEqual(o.done, { finishReason: 'stop', model: 'json-model', id: 'chatcmpl-json', responseMs: 12.5, streamed: false, refused: false, ignoredChoices: [] });
      }, headers);
    }
  });

  it('19 `text/event-stream; charset=utf-8` and a missing content type both stream', async () => {
    for (const headers of [{ 'content-type': 'text/event-stream; charset=utf-8' }, {} as Record<string, string>]) {
      await expectAtEverySplit(textTranscript(multibyte), atRandom, (o) => {
        assert.equal(o.text, multibyte.join(''));
        assert.equal(o.done?.streamed, true);
      }, headers);
    }
  });

  it('20 the body ends in the middle of an event: partial text kept, a truncated-stream error', async () => {
    const whole = textTranscript(['first ', 'second']);
    const cutInside = whole.slice(0, whole.indexOf('second') + 3);
    await expectAtEverySplit(cutInside, atEveryByte, (o) => {
      assert.equal(o.text, 'first ');
      assert.equal(o.error?.failure, 'truncated');
      assert.match(o.error?.message ?? '', /partial answer is kept/);
    });
  });

  it('long multi-byte answers survive random cuts inside UTF-8 characters', async () => {
    const parts = Array.from({ length: 300 }, (_, i) => multibyte[i % multibyte.length] ?? '');
    await expectAtEverySplit(textTranscript(parts), atRandom, (o) => assert.equal(o.text, parts.join('')));
  });
});
