// The parts VS Code and Copilot Chat put in the messages they hand our provider, one record each
// (src/core/languageModels/languageModelPartTypes.ts, the handling in languageModelParts.ts): every kind the table
// knows is recognised as itself, content reaches
// the request, and no byte of a marker, nor of a part nobody knows, reaches the request body. The markers are sent as
// Copilot sends them to an extension's model (microsoft/vscode
// extensions/copilot/src/platform/endpoint/vscode-node/extChatEndpoint.ts, `convertToApiChatMessage`, at commit
// 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd): `cache_control` with the bytes "ephemeral" after a cache breakpoint, in a
// tool message's content too (so inside the tool result part), and `stateful_marker` as "<model id>\<marker>" in an
// assistant message.
import assert from 'node:assert/strict';
import { languageModelPartKind, PART_HANDLING, type LanguageModelPartKind } from '../../../src/core/languageModels/languageModelParts';
import { LANGUAGE_MODEL_PART_TYPES } from '../../../src/core/languageModels/languageModelPartTypes';
import { chatMessagesFromLanguageModel, languageModelPartsText, type LanguageModelMessageShape } from '../../../src/core/languageModels/languageModelMessages';
import { languageModelTokenCount } from '../../../src/core/languageModels/languageModelAnswer';
import { emptyTokenCalibration } from '../../../src/core/context/tokenCalibration';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { requestSettingsFor } from '../../../src/core/request/requestAssembly';
import { readExtensionSettings } from '../../../src/core/settings/extensionSettings';

const USER = 1;
const ASSISTANT = 2;
const SYSTEM = 3;
const bytes = (text: string) => new TextEncoder().encode(text);
const data = (mimeType: string, payload: string) => ({ mimeType, data: bytes(payload) });
const text = (value: string) => ({ value });

/** A payload no request could hold by chance, so finding it in a body means the part leaked. */
const payloadOf = (kind: string) => `LEAK-${kind}-7f3a9c`;

/** One part of every kind the table knows: the compiler fails until a new kind has its sample. */
const SAMPLES: Record<LanguageModelPartKind, unknown> = {
  textPart: text('Hello'),
  promptTsxPart: { value: { node: { children: ['tsx'] } } },
  toolCallPart: { callId: 'call_1', name: 'get_weather', input: { city: 'Oslo' } },
  toolResultPart: { callId: 'call_1', content: [text('3 °C')] },
  thinkingPart: { thinking: 'Check Oslo.' },
  imageData: data('image/png', 'png bytes'),
  textData: data('application/json', '{"h":9}'),
  mediaData: data('application/pdf', '%PDF-1.7'),
  // Copilot's own data parts, by CustomDataPartMimeTypes (extensions/copilot/src/platform/endpoint/common/endpointTypes.ts).
  cache_control: data('cache_control', 'ephemeral'),
  stateful_marker: data('stateful_marker', `ask-model/Default/gpt-4o\\${payloadOf('stateful_marker')}`),
  thinking: data('thinking', JSON.stringify({ id: 'th_1', text: payloadOf('thinking'), encrypted: 'x' })),
  context_management: data('context_management', JSON.stringify({ applied_edits: [{ type: payloadOf('context_management') }] })),
  phase_data: data('phase_data', JSON.stringify({ phase: payloadOf('phase_data') })),
  response_output_message_id: data('response_output_message_id', payloadOf('response_output_message_id')),
  usage: data('usage', JSON.stringify({ prompt_tokens: 4242, note: payloadOf('usage') })),
  unknownData: data('x_other_extension_marker', payloadOf('unknownData')),
  unknownPart: { secret: payloadOf('unknownPart'), kind: 42 },
};

const MARKERS = (Object.keys(PART_HANDLING) as LanguageModelPartKind[]).filter((kind) => PART_HANDLING[kind] === 'marker');
const DROPPED = (Object.keys(PART_HANDLING) as LanguageModelPartKind[]).filter((kind) => ['marker', 'unknown'].includes(PART_HANDLING[kind]));

const body = (messages: readonly LanguageModelMessageShape[], unknown: string[] = []) => {
  const settings = requestSettingsFor(readExtensionSettings((key) => ({ model: 'm' })[key]), 'vscode-chat');
  const request = buildChatRequest({ settings, messages: chatMessagesFromLanguageModel(messages, { unknownPart: (part) => unknown.push(part) }) });
  return { request, text: JSON.stringify(request) };
};

describe('VS Code language models: the parts VS Code and Copilot send', () => {
  it('recognises every kind in the table as itself', () => {
    for (const [kind, sample] of Object.entries(SAMPLES)) assert.equal(languageModelPartKind(sample), kind, kind);
    assert.equal(languageModelPartKind('plain'), 'textPart');
    assert.equal(languageModelPartKind(data('CACHE_CONTROL', 'ephemeral')), 'cache_control', 'a MIME type in another case is the same type');
    assert.equal(languageModelPartKind(data('image/bmp', 'BM')), 'mediaData', 'an image type vision models do not take is named, not sent');
    assert.equal(languageModelPartKind(data('text/markdown', '# hi')), 'textData');
    assert.equal(languageModelPartKind(data('application/vnd.api+json', '{}')), 'textData');
    for (const odd of [null, 7, undefined, { value: undefined }, {}]) assert.equal(languageModelPartKind(odd), 'unknownPart', JSON.stringify(odd));
  });

  it('has a record for each: how it arrives, what its sender means, and what it does to the request', () => {
    assert.deepEqual(Object.keys(LANGUAGE_MODEL_PART_TYPES), Object.keys(PART_HANDLING), 'a record for each kind the code handles, in its order');
    for (const [kind, record] of Object.entries(LANGUAGE_MODEL_PART_TYPES)) {
      assert.ok(record.arrives.length > 0 && record.means.length > 0, kind);
      assert.equal(record.becomes, PART_HANDLING[kind as LanguageModelPartKind], kind);
    }
    assert.deepEqual(MARKERS, ['cache_control', 'stateful_marker', 'thinking', 'context_management', 'phase_data', 'response_output_message_id', 'usage']);
    assert.match(LANGUAGE_MODEL_PART_TYPES.cache_control.later ?? '', /later issue/);
  });

  it('no byte of a marker or of an unknown part reaches the request body, wherever Copilot puts it', () => {
    const unknown: string[] = [];
    const dropped = DROPPED.map((kind) => SAMPLES[kind]);
    const { request, text: sent } = body(
      [
        { role: SYSTEM, content: [text('Be brief.'), ...dropped] },
        { role: USER, content: [text('Weather in Oslo?'), ...dropped] },
        { role: ASSISTANT, content: [text('Looking.'), ...dropped, SAMPLES.toolCallPart] },
        { role: USER, content: [{ callId: 'call_1', content: [text('3 °C'), ...dropped] }, text('Thanks.'), ...dropped] },
      ],
      unknown,
    );
    assert.deepEqual(request.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '3 °C' },
      { role: 'user', content: 'Thanks.' },
    ]);
    for (const kind of DROPPED) {
      const payload = new TextDecoder().decode((SAMPLES[kind] as { data?: Uint8Array }).data ?? bytes(payloadOf(kind)));
      assert.ok(!sent.includes(payloadOf(kind)), `${kind}'s payload reached the body`);
      assert.ok(!sent.includes(JSON.stringify(payload).slice(1, -1)), `${kind}'s bytes reached the body`);
    }
    assert.ok(!sent.includes('ephemeral'), 'cache_control\'s data');
    assert.ok(!/left out|content of \d+ bytes/.test(sent), 'no part was named to the model');
    for (const kind of MARKERS) assert.ok(!sent.includes(`"${kind}"`) && !sent.includes(`[${kind}`), `${kind} named in the body`);
    // The unknown ones are told (for the host's log), by their type or fields, never by what they hold.
    assert.deepEqual([...new Set(unknown)], ['a data part of type "x_other_extension_marker"', 'a part with the fields kind, secret']);
    assert.ok(!unknown.some((line) => line.includes('LEAK')));
  });

  it('each marker alone, in each place, leaves the request as it was without it', () => {
    for (const kind of DROPPED) {
      const marker = SAMPLES[kind];
      const withMarker = body([
        { role: USER, content: [text('Hi'), marker] },
        { role: ASSISTANT, content: [marker, text('Hello.')] },
        { role: ASSISTANT, content: [SAMPLES.toolCallPart, marker] },
        { role: USER, content: [{ callId: 'call_1', content: [marker, text('ok'), marker] }] },
      ]).request.messages;
      const without = body([
        { role: USER, content: [text('Hi')] },
        { role: ASSISTANT, content: [text('Hello.')] },
        { role: ASSISTANT, content: [SAMPLES.toolCallPart] },
        { role: USER, content: [{ callId: 'call_1', content: [text('ok')] }] },
      ]).request.messages;
      assert.deepEqual(withMarker, without, kind);
    }
  });

  it('a message of markers only is not sent as an empty one', () => {
    const messages = chatMessagesFromLanguageModel([
      { role: USER, content: [text('Hi')] },
      { role: ASSISTANT, content: [SAMPLES.stateful_marker] },
      { role: USER, content: [SAMPLES.cache_control, SAMPLES.unknownData] },
    ]);
    assert.deepEqual(messages, [{ role: 'user', content: 'Hi' }]);
  });

  it('content still arrives: text and JSON data as text, a prompt-tsx part as JSON, a file type it cannot send named to the model', () => {
    const [message] = chatMessagesFromLanguageModel([{ role: USER, content: [text('A '), SAMPLES.textData, SAMPLES.promptTsxPart, SAMPLES.mediaData, SAMPLES.cache_control] }]);
    assert.deepEqual(message, { role: 'user', content: 'A {"h":9}{"node":{"children":["tsx"]}}[application/pdf content of 8 bytes left out: Ask Model sends only text and images]' });
    assert.equal(languageModelPartsText([text('ok'), SAMPLES.cache_control, SAMPLES.usage, SAMPLES.imageData]), 'ok[image/png content of 9 bytes left out: a tool result is sent as text only]');
  });

  it('a marker counts no tokens', () => {
    const bare = languageModelTokenCount({ role: USER, content: [text('Weather in Oslo?')] }, emptyTokenCalibration());
    const marked = languageModelTokenCount({ role: USER, content: [text('Weather in Oslo?'), ...DROPPED.map((kind) => SAMPLES[kind])] }, emptyTokenCalibration());
    assert.equal(marked, bare);
  });
});
