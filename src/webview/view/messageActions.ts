// What the buttons inside the conversation do: one delegated click handler for all of them (code toolbars, error
// cards, tool cards), so a long conversation holds no listener per button. The buttons say what they are with data
// attributes; code is read from the block itself at click time, so the DOM holds it once.
import type { ViewMessage } from '../../core/chat/webviewProtocol';
import { isCodeAction } from '../markdown/codeBlockHtml';
import { isErrorAction } from './errorCard';
import { isCommandAction } from './commandCard';
import { isToolAction } from './toolCards';

const CODE_MESSAGES = { copy: 'copyCode', insert: 'insertCode', apply: 'applyCode' } as const;

/** The message a click asks the host for, if it landed on one of the conversation's buttons. */
export function messageForClick(target: EventTarget | null): ViewMessage | undefined {
  const button = (target as Element | null)?.closest?.('button');
  if (!button || button.disabled) return undefined;
  const { codeAction, errorAction, toolAction, commandAction, callId, turnAction, rulesPath } = button.dataset;
  if (isCodeAction(codeAction)) {
    // textContent undoes the highlighting markup: the raw code, as the model wrote it.
    return { type: CODE_MESSAGES[codeAction], code: button.closest('.code-block')?.querySelector('code')?.textContent ?? '' };
  }
  if (isErrorAction(errorAction)) return { type: 'errorAction', action: errorAction };
  if (isToolAction(toolAction) && callId !== undefined) {
    return toolAction === 'diff' ? { type: 'showDiff', callId } : { type: 'toolDecision', callId, approved: toolAction === 'accept' };
  }
  if (isCommandAction(commandAction) && callId !== undefined) return { type: 'commandAction', callId, action: commandAction };
  if (turnAction === 'retry') return { type: 'retry' };
  const userTurnId = button.dataset['userTurnId'];
  if (turnAction === 'restore-here' && userTurnId !== undefined) return { type: 'restoreToHere', turnId: userTurnId };
  if (rulesPath !== undefined) return { type: 'openRulesFile', path: rulesPath };
  const turnId = button.dataset['answerId'];
  if (turnAction === 'revert-edits' && turnId !== undefined) return { type: 'revertAnswerEdits', turnId };
  if (turnAction === 'view-changes' && turnId !== undefined) return { type: 'viewAnswerChanges', turnId };
  if (turnAction === 'act-on-plan' && turnId !== undefined) return { type: 'actOnPlan', turnId };
  if ((turnAction === 'send-images-anyway' || turnAction === 'send-without-images') && turnId !== undefined) return { type: 'resendImages', turnId, withImages: turnAction === 'send-images-anyway' };
  return undefined;
}
