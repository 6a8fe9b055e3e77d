// Images in the chat, in core: what is accepted (the bytes' own type, the byte cap), the content parts a message
// becomes through the one request assembly, the decision before sending, and the storage budget.
import assert from 'node:assert/strict';
import { acceptImage, contentWithImages, fitImageBudget, imageDecision, MAX_IMAGE_BYTES, type ImageAttachment } from '../../../src/core/chat/chatImages';
import { toChatMessages } from '../../../src/core/chat/conversation';
import type { Turn } from '../../../src/core/chat/chatTurns';
import { conversationMarkdown } from '../../../src/core/chat/conversationMarkdown';
import { prepareRun } from '../../../src/core/run/prepareRun';
import { emptyModelInfo } from '../../../src/core/protocol/modelInfo';
import { fakePrepareRunPorts } from '../../support/fakes/run/fakePrepareRunPorts';
import { PNG_1X1 } from '../../support/pngImages';

const upload = (over: Partial<Parameters<typeof acceptImage>[0]> = {}) => ({ name: 'shot.png', mimeType: 'image/png' as const, dataUrl: PNG_1X1, width: 1, height: 1, ...over });

describe('chat images', () => {
  describe('what is accepted', () => {
    it('a PNG, with its byte size and what the view measured and did', () => {
      const image = acceptImage(upload({ note: 'scaled down from 4000×3000' }), 'i1');
      assert.deepEqual({ ...image, dataUrl: image.dataUrl === PNG_1X1 }, { id: 'i1', name: 'shot.png', mimeType: 'image/png', dataUrl: true, bytes: 70, width: 1, height: 1, note: 'scaled down from 4000×3000' });
    });

    it('refuses bytes that are not the type named, and data that is not an image, with a sentence naming the file', () => {
      assert.throws(() => acceptImage(upload({ mimeType: 'image/jpeg', dataUrl: PNG_1X1.replace('image/png', 'image/jpeg') }), 'i'), /shot\.png is not a PNG, JPEG, WebP or GIF image/);
      assert.throws(() => acceptImage(upload({ dataUrl: `data:image/png;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}` }), 'i'), /its bytes say otherwise/);
      assert.throws(() => acceptImage(upload({ dataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }), 'i'), /not an image Ask Model can send/);
      assert.throws(() => acceptImage(upload({ dataUrl: 'https://example.com/a.png' }), 'i'), /not an image Ask Model can send/);
    });

    it('refuses an image over the byte cap, saying both sizes', () => {
      const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const dataUrl = `data:image/png;base64,${Buffer.from(big).toString('base64')}`;
      assert.throws(() => acceptImage(upload({ dataUrl }), 'i'), /shot\.png is 20\.0 MB; the most one image may be is 20\.0 MB/);
    });
  });

  describe('the message the model gets, through the one request assembly', () => {
    it('the text, then one image_url part per image, in the chat-completions shape', async () => {
      const image = acceptImage(upload(), 'i1');
      const turns: Turn[] = [{ id: 'u1', role: 'user', text: 'What is wrong here?', context: [], images: [image, { ...image, id: 'i2' }] }];
      const run = await prepareRun(fakePrepareRunPorts({ settings: { model: 'm' } }), { surface: 'chat' });
      const body = run!.buildRequest(toChatMessages(run!.systemPrompt, turns));
      assert.deepEqual(body.messages.at(-1), {
        role: 'user',
        content: [
          { type: 'text', text: 'What is wrong here?' },
          { type: 'image_url', image_url: { url: PNG_1X1 } },
          { type: 'image_url', image_url: { url: PNG_1X1 } },
        ],
      });
    });

    it('a message without images stays a string; an image no longer kept is named in the text, not sent', () => {
      assert.equal(contentWithImages('Hi', []), 'Hi');
      const dropped: ImageAttachment = { id: 'i', name: 'old.png', mimeType: 'image/png', dataUrl: '', bytes: 70, width: 1, height: 1, dropped: 'Not kept.' };
      assert.equal(contentWithImages('Hi', [dropped]), 'Hi\n\n[An image, old.png, went with this message; it is no longer kept, so it is not sent again.]');
    });
  });

  describe('the decision before sending', () => {
    const info = (supportsVision: boolean | undefined, endpoint?: 'override' | 'GET /props') => ({
      ...emptyModelInfo('qwen'),
      ...(supportsVision === undefined ? {} : { supportsVision, sources: { supportsVision: { endpoint: endpoint ?? ('GET /props' as const), field: endpoint === 'override' ? 'vision' : 'modalities.vision', basis: 'serving' as const } } }),
    });
    it('sends to a model that reads images, and to one of unknown capability', () => {
      assert.deepEqual(imageDecision(info(true), false), { send: true });
      assert.deepEqual(imageDecision(info(undefined), false), { send: true });
    });
    it('asks first for a model the server or the overrides say reads none, and one whose server refused them this session', () => {
      assert.deepEqual(imageDecision(info(false), false), { send: false, why: 'qwen is not known to read images: the server says (GET /props, modalities.vision).' });
      assert.deepEqual(imageDecision(info(false, 'override'), false), { send: false, why: 'qwen is not known to read images: your modelOverrides say (vision: false).' });
      assert.deepEqual(imageDecision(info(true), true), { send: false, why: 'The server refused images for qwen earlier in this session.' });
    });
  });

  describe('the storage budget', () => {
    const image = (id: string, size: number): ImageAttachment => ({ id, name: `${id}.png`, mimeType: 'image/png', dataUrl: `data:image/png;base64,${'A'.repeat(size)}`, bytes: size, width: 1, height: 1 });
    const conversation = (id: string, ...images: ImageAttachment[][]) => ({ id, turns: images.map((list, index) => ({ id: `${id}-${index}`, role: 'user', text: 't', context: [], images: list })) });

    it('drops the oldest images (oldest conversation, earliest message first) until the rest fits, each saying why', () => {
      const newest = conversation('new', [image('n1', 100)]);
      const oldest = conversation('old', [image('o1', 100)], [image('o2', 100)]);
      const budget = 2 * (100 + 'data:image/png;base64,'.length);
      assert.equal(fitImageBudget([newest, oldest], budget), 1);
      const [o1, o2] = oldest.turns.flatMap((turn) => turn.images);
      assert.equal(o1?.dataUrl, '');
      assert.match(o1?.dropped ?? '', /^Not kept: the chat keeps .* of images with its history, and this was among the oldest\.$/);
      assert.notEqual(o2?.dataUrl, '');
      assert.notEqual(newest.turns[0]?.images[0]?.dataUrl, '');
      assert.equal(fitImageBudget([newest, oldest], budget), 0, 'within the budget nothing more goes');
    });
  });

  it('Markdown export embeds each image as a data URL, and names one no longer kept', () => {
    const kept = acceptImage(upload(), 'i1');
    const gone: ImageAttachment = { ...kept, id: 'i2', name: 'old.png', dataUrl: '', dropped: 'Not kept: over the budget.' };
    const markdown = conversationMarkdown({ id: 'c', title: 'T', createdAt: 0, updatedAt: 0, turns: [{ id: 'u', role: 'user', text: 'Look', context: [], images: [kept, gone] }] });
    assert.ok(markdown.includes(`![shot.png](${PNG_1X1})`));
    assert.ok(markdown.includes('*Image old.png: Not kept: over the budget.*'));
  });
});
