// Images on the next message: pasted, dropped, or picked with Attach image (the host reads the file). Each is checked
// (its type, the byte cap), measured, and scaled down on a canvas when its longest side is over the limit (a GIF that
// is scaled becomes a PNG of its first frame); the chip shows a thumbnail, its size in bytes and pixels, and what was
// done. The host checks each again before anything is sent.
import { formatBytes, IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_IMAGES_PER_MESSAGE, type ImageAttachment, type ImageType, type ImageUpload } from '../../core/chat/webviewProtocol';
import { element } from '../dom';

export function isImageType(type: string): type is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

/** The bytes a base64 data URL holds. */
function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

function loadImage(dataUrl: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('it could not be read as an image'));
    image.src = dataUrl;
  });
}

/** A file's data URL, measured and (over MAX_IMAGE_SIDE) scaled down; throws a sentence for the user. */
export async function prepareImage(name: string, mimeType: string, dataUrl: string): Promise<ImageUpload> {
  if (!isImageType(mimeType)) throw new Error(`${name} is not a PNG, JPEG, WebP or GIF image.`);
  const bytes = dataUrlBytes(dataUrl);
  if (bytes > MAX_IMAGE_BYTES) throw new Error(`${name} is ${formatBytes(bytes)}; the most one image may be is ${formatBytes(MAX_IMAGE_BYTES)}.`);
  let image: HTMLImageElement;
  try {
    image = await loadImage(dataUrl);
  } catch {
    throw new Error(`${name} could not be read as an image.`);
  }
  const { naturalWidth: width, naturalHeight: height } = image;
  const longest = Math.max(width, height);
  if (longest <= MAX_IMAGE_SIDE) return { name, mimeType, dataUrl, width, height };
  const scale = MAX_IMAGE_SIDE / longest;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  // Canvas writes PNG, JPEG and WebP; a GIF is sent as a PNG of its first frame.
  const type: ImageType = mimeType === 'image/gif' ? 'image/png' : mimeType;
  const scaled = canvas.toDataURL(type, 0.9);
  const note = `scaled down from ${width}×${height}${mimeType === 'image/gif' ? ' (first frame, as PNG)' : ''}`;
  return { name, mimeType: type, dataUrl: scaled, width: canvas.width, height: canvas.height, note };
}

/** Reads a pasted or dropped file as a data URL. */
export function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`${file.name || 'the image'} could not be read`));
    reader.readAsDataURL(file);
  });
}

/** The image files among pasted or dropped ones; the others are named so the user knows why they were left. */
export function imageFilesOf(files: readonly File[]): { images: File[]; others: string[] } {
  const images = files.filter((file) => isImageType(file.type));
  return { images, others: files.filter((file) => !isImageType(file.type)).map((file) => file.name || file.type || 'a file') };
}

/** One image chip: thumbnail, name, bytes and pixels, what was done; a remove button while pending. */
export function imageChipElement(image: Pick<ImageAttachment, 'name' | 'dataUrl' | 'width' | 'height' | 'note' | 'dropped'> & { bytes?: number }, index: number | undefined): HTMLElement {
  const bytes = image.bytes ?? dataUrlBytes(image.dataUrl);
  const size = `${formatBytes(bytes)} · ${image.width}×${image.height}`;
  const detail = [size, image.note].filter(Boolean).join(' · ');
  const chip = element('li', { class: 'chip image-chip', title: `${image.name}: ${image.dropped ?? detail}` });
  if (image.dataUrl !== '') chip.append(element('img', { class: 'image-thumbnail', src: image.dataUrl, alt: '' }));
  chip.append(element('span', { class: 'chip-label' }, `Image: ${image.name}`), element('span', { class: 'image-size' }, image.dropped ?? detail));
  if (index !== undefined) {
    const name = `Remove ${image.name}`;
    chip.append(element('button', { type: 'button', class: 'chip-remove icon-button', 'data-image-index': String(index), 'aria-label': name, title: name }, '×'));
  }
  return chip;
}

export function imageListElement(images: readonly (Parameters<typeof imageChipElement>[0])[], label: string, removable: boolean): HTMLUListElement {
  return element('ul', { class: 'chip-list image-list', 'aria-label': label }, ...images.map((image, index) => imageChipElement(image, removable ? index : undefined)));
}

export { MAX_IMAGES_PER_MESSAGE };
