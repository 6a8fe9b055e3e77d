// Images in the chat: what a message may carry (PNG, JPEG, WebP, GIF as `data:` URLs, checked here whatever the view
// says), how they go to the model (`image_url` parts after the message's text, the OpenAI chat-completions shape), the
// decision before sending (a model the catalogue or the overrides say reads no images, or one whose server refused
// them this session, is not sent them without the user's say), and the storage budget (the oldest images' data is
// dropped from what is stored, each leaving a sentence that says so; never in silence).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { UserContentPart } from '../protocol/messages';
import type { ModelInfo } from '../protocol/modelInfo';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The most one image may weigh once the view has prepared it (OpenAI's own limit per image is 20 MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** The longest side the view sends; a larger image is scaled down first (a model sees no more detail than this). */
export const MAX_IMAGE_SIDE = 2048;
/** Images on one message. */
export const MAX_IMAGES_PER_MESSAGE = 10;
/** The image data kept with the stored conversations, all of them together; the oldest go first beyond it. */
export const STORED_IMAGE_BUDGET_BYTES = 50 * 1024 * 1024;

/** An image as the view hands it over: its data URL and what the view measured and did. */
export const imageUploadSchema = z.strictObject({
  name: z.string().check(z.maxLength(200)),
  mimeType: z.enum(IMAGE_TYPES),
  dataUrl: z.string().check(z.maxLength(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64)),
  width: z.int().check(z.minimum(1)),
  height: z.int().check(z.minimum(1)),
  /** What the view did to it ("scaled down from 4032×3024"). */
  note: z.optional(z.string().check(z.maxLength(300))),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;

/** An image on a sent message, as stored. */
export const imageAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.enum(IMAGE_TYPES),
  /** The `data:` URL; '' once dropped from storage. */
  dataUrl: z.string(),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
  note: z.optional(z.string()),
  /** Why its data is no longer kept (over the storage budget): the model is no longer sent it, the chip says so. */
  dropped: z.optional(z.string()),
});
export type ImageAttachment = z.infer<typeof imageAttachmentSchema>;

/** The file signatures of the four types (WebP: RIFF at 0, WEBP at 8). */
function typeOfBytes(bytes: Uint8Array): ImageType | undefined {
  const at = (offset: number, ...values: number[]): boolean => values.every((value, index) => bytes[offset + index] === value);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}

/**
 * A base64 `data:` URL of an image type: its type, its size, and its first bytes (enough for the signature; the
 * whole image is never decoded here). Undefined when it is not one.
 */
function dataUrlBytes(dataUrl: string): { mimeType: string; size: number; head: Uint8Array } | undefined {
  const match = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  if (!match) return undefined;
  const base64 = match[2] as string;
  const size = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  return { mimeType: match[1] as string, size, head: Uint8Array.from(atob(base64.slice(0, 16)), (char) => char.charCodeAt(0)) };
}

/** Checks what the view sent: the type its bytes say, within the byte cap. Throws a sentence the user can act on. */
export function acceptImage(upload: ImageUpload, id: string): ImageAttachment {
  const decoded = dataUrlBytes(upload.dataUrl);
  if (!decoded) throw new Error(`${upload.name} is not an image Ask Model can send (it takes PNG, JPEG, WebP and GIF).`);
  const actual = typeOfBytes(decoded.head);
  if (actual === undefined || actual !== decoded.mimeType) throw new Error(`${upload.name} is not a PNG, JPEG, WebP or GIF image (its bytes say otherwise).`);
  if (decoded.size > MAX_IMAGE_BYTES) throw new Error(`${upload.name} is ${formatBytes(decoded.size)}; the most one image may be is ${formatBytes(MAX_IMAGE_BYTES)}.`);
  return {
    id,
    name: upload.name,
    mimeType: actual,
    dataUrl: upload.dataUrl,
    bytes: decoded.size,
    width: upload.width,
    height: upload.height,
    ...(upload.note ? { note: upload.note } : {}),
  };
}

/** A user message's content with its images: the text, then one `image_url` part per image still kept. */
export function contentWithImages(text: string, images: readonly ImageAttachment[]): string | UserContentPart[] {
  if (images.length === 0) return text;
  const kept = images.filter((image) => image.dataUrl !== '');
  const droppedNote = images
    .filter((image) => image.dataUrl === '')
    .map((image) => `\n\n[An image, ${image.name}, went with this message; it is no longer kept, so it is not sent again.]`)
    .join('');
  if (kept.length === 0) return text + droppedNote;
  return [{ type: 'text', text: text + droppedNote }, ...kept.map((image): UserContentPart => ({ type: 'image_url', image_url: { url: image.dataUrl } }))];
}

/** Whether to send images to the model: `unknown` is sent (no fact says otherwise); `no` waits for the user's say. */
export type ImageDecision = { send: true } | { send: false; why: string };

/**
 * `refusedEarlier`: the server refused images for this profile and model earlier in this session. A model the
 * catalogue (or the user's `vision` override) says reads no images is not sent them without the user's say.
 */
export function imageDecision(info: Pick<ModelInfo, 'id' | 'supportsVision' | 'sources'>, refusedEarlier: boolean): ImageDecision {
  if (refusedEarlier) return { send: false, why: `The server refused images for ${info.id} earlier in this session.` };
  if (info.supportsVision !== false) return { send: true };
  const source = info.sources.supportsVision;
  const who = source?.endpoint === 'override' ? 'your modelOverrides say (vision: false)' : source ? `the server says (${source.endpoint}, ${source.field})` : 'the catalogue says';
  return { send: false, why: `${info.id} is not known to read images: ${who}.` };
}

/**
 * Drops the data of the oldest images (oldest conversation first, then its earliest messages) until what is kept fits
 * `budget`; each dropped image keeps its name and size and says why. `conversations` newest first, as the store keeps
 * them. Returns how many were dropped (the store logs it).
 */
export function fitImageBudget<T extends { turns: readonly { role: string; images?: ImageAttachment[] | undefined }[] }>(conversations: readonly T[], budget = STORED_IMAGE_BUDGET_BYTES): number {
  const images = conversations.flatMap((conversation) => conversation.turns.flatMap((turn) => (turn.role === 'user' ? (turn.images ?? []) : [])));
  let kept = images.reduce((sum, image) => sum + (image.dataUrl === '' ? 0 : image.dataUrl.length), 0);
  if (kept <= budget) return 0;
  // Oldest first: the last conversation in the list, its first turn first.
  const oldestFirst = [...conversations].reverse().flatMap((conversation) => conversation.turns.flatMap((turn) => (turn.role === 'user' ? (turn.images ?? []) : [])));
  let dropped = 0;
  for (const image of oldestFirst) {
    if (kept <= budget) break;
    if (image.dataUrl === '') continue;
    kept -= image.dataUrl.length;
    image.dataUrl = '';
    image.dropped = `Not kept: the chat keeps ${formatBytes(budget)} of images with its history, and this was among the oldest.`;
    dropped += 1;
  }
  return dropped;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
