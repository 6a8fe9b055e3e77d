// Images through the chat session's fakes: they go with the message, are kept with it, and a model not known to read
// images is not sent them until the user says (Send anyway, Send without images); a server's refusal keeps the
// message and its images, says why, and is remembered for that profile and model.
import assert from 'node:assert/strict';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { httpErrorFromResponse } from '../../../src/core/errors/httpErrors';
import type { AssistantTurn, UserTurn } from '../../../src/core/chat/chatTurns';
import { fakeSessionPorts, textAnswer, type FakePortsOptions } from '../../support/fakes/chat/fakeChatSessionPorts';
import { PNG_1X1 } from '../../support/pngImages';

const upload = { name: 'shot.png', mimeType: 'image/png' as const, dataUrl: PNG_1X1, width: 1, height: 1 };

function sessionWith(options: FakePortsOptions = {}) {
  const ports = fakeSessionPorts(options);
  return { session: new ChatSession(ports), ports };
}

const imageParts = (content: unknown): number => (Array.isArray(content) ? content.filter((part: { type: string }) => part.type === 'image_url').length : 0);

/** A refusal as llama-server answers it without a projector (test/fixtures/image-refusal/llama.cpp-image-input-not-supported.json). */
const refusal = () =>
  httpErrorFromResponse({
    status: 500,
    url: 'http://localhost:8080/v1/chat/completions',
    headers: new Headers({ 'content-type': 'application/json' }),
    bodyText: JSON.stringify({ error: { code: 500, message: 'image input is not supported by this server', type: 'server_error' } }),
    apiKey: undefined,
    retryAfterMs: undefined,
  });

describe('chat session: images', () => {
  it('go with the message as image_url parts, and are kept with it', async () => {
    const { session, ports } = sessionWith({ answers: [textAnswer('A red pixel.')] });
    await session.send('What is this?', [upload]);
    assert.equal(imageParts(ports.model.requests[0]?.messages.at(-1)?.content), 1);
    const user = ports.archive.list()[0]?.turns[0] as UserTurn;
    assert.equal(user.images?.[0]?.dataUrl, PNG_1X1);
    assert.equal(user.images?.[0]?.bytes, 70);
  });

  it('an image whose bytes are not its type is refused before anything is sent or kept', async () => {
    const { session, ports } = sessionWith({ answers: [textAnswer('no')] });
    await assert.rejects(session.send('look', [{ ...upload, mimeType: 'image/gif' as const, dataUrl: PNG_1X1.replace('image/png', 'image/gif') }]), /not a PNG, JPEG, WebP or GIF/);
    assert.equal(ports.model.requests.length, 0);
    assert.equal(session.state().turns.length, 0);
  });

  it('a model the catalogue says reads none: nothing is sent, the message and images are kept, then Send anyway sends them', async () => {
    const { session, ports } = sessionWith({ modelInfo: { supportsVision: false, sources: { supportsVision: { endpoint: 'GET /props', field: 'modalities.vision', basis: 'serving' } } }, answers: [textAnswer('Seen.')] });
    await session.send('What is this?', [upload]);
    assert.equal(ports.model.requests.length, 0, 'nothing was sent');
    const [user, answer] = ports.archive.list()[0]!.turns as [UserTurn, AssistantTurn];
    assert.equal(user.images?.length, 1);
    assert.equal(answer.status, 'error');
    assert.equal(answer.imageProblem, 'not-known');
    assert.match(answer.error?.message ?? '', /fake-model is not known to read images: the server says \(GET \/props, modalities\.vision\)\. Nothing was sent\./);
    await session.resendImages(answer.id, true);
    assert.equal(imageParts(ports.model.requests[0]?.messages.at(-1)?.content), 1);
    assert.equal((ports.archive.list()[0]!.turns[1] as AssistantTurn).status, 'done');
  });

  it('Send without images sends the text alone and takes the images off the message', async () => {
    const { session, ports } = sessionWith({ modelInfo: { supportsVision: false }, answers: [textAnswer('Text only.')] });
    await session.send('What is this?', [upload]);
    const answer = ports.archive.list()[0]!.turns[1]!;
    await session.resendImages(answer.id, false);
    assert.equal(ports.model.requests[0]?.messages.at(-1)?.content, 'What is this?');
    assert.equal((ports.archive.list()[0]!.turns[0] as UserTurn).images, undefined);
  });

  it('a server that refuses images: the error says why, the message and images are kept, and the next images ask first', async () => {
    const { session, ports } = sessionWith({ answers: [{ batches: [], error: refusal() }, textAnswer('Text only.'), textAnswer('unused')] });
    await session.send('What is this?', [upload]);
    assert.equal(ports.model.requests.length, 1);
    const [user, answer] = ports.archive.list()[0]!.turns as [UserTurn, AssistantTurn];
    assert.equal(user.images?.[0]?.dataUrl, PNG_1X1);
    assert.equal(answer.imageProblem, 'refused');
    assert.match(answer.error?.message ?? '', /image input is not supported by this server/);
    assert.match(answer.error?.message ?? '', /the message and its images are kept/);
    await session.resendImages(answer.id, false);
    assert.equal(ports.model.requests.length, 2);
    // The same profile and model again, with an image: asked first, nothing sent.
    await session.send('And this one?', [upload]);
    assert.equal(ports.model.requests.length, 2);
    const last = ports.archive.list()[0]!.turns.at(-1) as AssistantTurn;
    assert.equal(last.imageProblem, 'not-known');
    assert.match(last.error?.message ?? '', /The server refused images for fake-model earlier in this session/);
  });

  it('a failure that is not about images leaves no image problem', async () => {
    const other = httpErrorFromResponse({ status: 500, url: 'http://x/v1/chat/completions', headers: new Headers(), bodyText: 'overloaded', apiKey: undefined, retryAfterMs: undefined });
    const { session, ports } = sessionWith({ answers: [{ batches: [], error: other }] });
    await session.send('What is this?', [upload]);
    assert.equal((ports.archive.list()[0]!.turns[1] as AssistantTurn).imageProblem, undefined);
  });
});
