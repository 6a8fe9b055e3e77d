// Everything the browser holds for the workbench, as text, for the canary scans: the DOM of every frame (the
// workbench, the webview's outer host frame, our inner frame, VS Code's helper frames), the live values of its inputs,
// its title, and per origin localStorage, sessionStorage, every IndexedDB database (VS Code for the Web keeps global
// state, workspace state, webview state (`memento/webviewView.*`) and the browser-side logs there) and Cache Storage.
// Frames of one origin share storage; it is read once per origin from the first frame that can.
import type { Frame, Page } from 'playwright-core';

export interface StatePiece {
  /** e.g. `frame 2 DOM (http://…/pre/index.html?…)` or `IndexedDB vscode-web-state-db-global/ItemTable ask-model.ask-model`. */
  readonly where: string;
  readonly text: string;
}

/** The DOM of every frame, inputs' values included. */
export async function frameDoms(page: Page): Promise<StatePiece[]> {
  const pieces: StatePiece[] = [];
  for (const [index, frame] of page.frames().entries()) {
    const where = `frame ${index} (${frame.url().slice(0, 160)})`;
    try {
      const text = await frame.evaluate(() => {
        const values = [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value);
        return [document.title, document.documentElement.outerHTML, ...values].join('\n');
      });
      pieces.push({ where: `${where} DOM`, text });
    } catch (error) {
      // A frame that navigated away while we looked: it holds nothing any more.
      pieces.push({ where: `${where} DOM (gone: ${String(error).slice(0, 80)})`, text: '' });
    }
  }
  return pieces;
}

/** localStorage, sessionStorage, IndexedDB and Cache Storage of every origin the page's frames have. */
export async function frameStorage(page: Page): Promise<StatePiece[]> {
  const pieces: StatePiece[] = [];
  const seenOrigins = new Set<string>();
  for (const frame of page.frames()) {
    let origin: string;
    try {
      origin = await frame.evaluate(() => location.origin);
    } catch {
      continue;
    }
    if (origin === 'null' || seenOrigins.has(origin)) continue; // an opaque origin has no storage to read
    const read = await readStorage(frame).catch((error: unknown) => [{ where: `storage of ${origin} (unreadable: ${String(error).slice(0, 120)})`, text: '' }]);
    seenOrigins.add(origin);
    pieces.push(...read.map((piece) => ({ where: `${origin} ${piece.where}`, text: piece.text })));
  }
  return pieces;
}

function readStorage(frame: Frame): Promise<StatePiece[]> {
  return frame.evaluate(async () => {
    // tsx compiles this file with keepNames: the named helpers below call esbuild's __name, absent in the page.
    (globalThis as { __name?: unknown }).__name ??= (target: unknown) => target;
    const out: { where: string; text: string }[] = [];
    const asText = (value: unknown): string => {
      if (typeof value === 'string') return value;
      if (value instanceof ArrayBuffer) return new TextDecoder().decode(value);
      if (ArrayBuffer.isView(value)) return new TextDecoder().decode(value);
      try {
        return JSON.stringify(value) ?? String(value);
      } catch {
        return String(value);
      }
    };
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        out.push({ where: `${name} ${key}`, text: `${key}\n${storage.getItem(key) ?? ''}` });
      }
    }
    const request = <T>(make: () => IDBRequest<T>): Promise<T> =>
      new Promise((resolve, reject) => {
        const r = make();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(() => indexedDB.open(info.name as string));
      try {
        for (const store of [...db.objectStoreNames]) {
          const keys = await request(() => db.transaction(store).objectStore(store).getAllKeys());
          const values = await request(() => db.transaction(store).objectStore(store).getAll());
          keys.forEach((key, i) => out.push({ where: `IndexedDB ${info.name}/${store} ${asText(key)}`, text: `${asText(key)}\n${asText(values[i])}` }));
        }
      } finally {
        db.close();
      }
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const cached of await cache.keys()) {
        const answer = await cache.match(cached);
        out.push({ where: `Cache Storage ${cacheName} ${cached.url}`, text: `${cached.url}\n${answer ? await answer.text() : ''}` });
      }
    }
    return out;
  });
}

/** The pieces that contain `needle`, by where they are. */
export function whereFound(pieces: readonly StatePiece[], needle: string): string[] {
  return pieces.filter((piece) => piece.text.includes(needle)).map((piece) => piece.where);
}
