// Attach image: the user picks image files; each is read and handed to the view as a data URL (the view checks its
// pixels and scales it down as it does a pasted one). A file of another type or over the byte cap is named, not read.
import * as vscode from 'vscode';
import { formatBytes, IMAGE_TYPES, MAX_IMAGE_BYTES, type HostMessage, type ImageType } from '../../../core';

const TYPE_OF_EXTENSION: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

export async function pickImageFiles(): Promise<Extract<HostMessage, { type: 'imageFiles' }>> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: true,
    openLabel: 'Attach',
    title: 'Attach images to the message',
    filters: { Images: Object.keys(TYPE_OF_EXTENSION) },
  });
  const files: { name: string; mimeType: ImageType; dataUrl: string }[] = [];
  const problems: string[] = [];
  for (const uri of picked ?? []) {
    const name = uri.path.split('/').pop() ?? uri.path;
    const mimeType = TYPE_OF_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''];
    if (!mimeType || !IMAGE_TYPES.includes(mimeType)) {
      problems.push(`${name} is not a PNG, JPEG, WebP or GIF image.`);
      continue;
    }
    const { size } = await vscode.workspace.fs.stat(uri);
    if (size > MAX_IMAGE_BYTES) {
      problems.push(`${name} is ${formatBytes(size)}; the most one image may be is ${formatBytes(MAX_IMAGE_BYTES)}.`);
      continue;
    }
    const bytes = await vscode.workspace.fs.readFile(uri);
    files.push({ name, mimeType, dataUrl: `data:${mimeType};base64,${Buffer.from(bytes).toString('base64')}` });
  }
  return { type: 'imageFiles', files, problems };
}
