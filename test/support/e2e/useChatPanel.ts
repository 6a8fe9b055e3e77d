// Mocha hooks for a chat test file: hello.ts open in the editor, the chat panel open beside it, and a new, empty
// conversation before each test. `view` is re-read each time: a reload replaces the webview.
import type { Dialog, FrameLocator } from 'playwright-core';
import { chatView, messageBox, newChat, openChat } from './chatView';
import type { WorkbenchHandle } from './useWorkbench';
import { openFile } from './workbenchUi';

export interface ChatPanelHandle {
  readonly view: FrameLocator;
  /** Every alert/confirm/prompt the page opened (each is dismissed): model output must never open one. */
  readonly dialogs: readonly string[];
}

export function useChatPanel(workbench: WorkbenchHandle): ChatPanelHandle {
  const dialogs: string[] = [];
  before(async () => {
    workbench.page.on('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      dialog.dismiss().catch(() => undefined); // another listener (a reload's) may have handled it
    });
    await openFile(workbench.page, 'hello.ts');
    await openChat(workbench.page);
  });
  beforeEach(async () => {
    const view = chatView(workbench.page);
    await messageBox(view).waitFor();
    await newChat(view);
  });
  return {
    get view() {
      return chatView(workbench.page);
    },
    dialogs,
  };
}
