// The "Get started with Ask Model" walkthrough (package.json `contributes.walkthroughs`), step by step: each step is
// done when the user has done the thing itself (a key stored, a connection that answered, an answer that finished),
// not when a button was pressed. For most steps the host sets the step's context key (`askModel.walkthrough.<step>`)
// at that moment; VS Code ticks the step and remembers it. test/unit/walkthrough/walkthroughManifest.test.ts holds
// package.json to this record.

export const WALKTHROUGH_ID = 'askModel.getStarted';

/** What completes each step, by the step's id in package.json: the host's word (`context`) or a setting VS Code watches. */
export const WALKTHROUGH_STEPS = {
  /** A server chosen: a profile added or picked, or the base URL set. */
  chooseServer: { settings: ['askModel.baseUrl', 'askModel.profiles', 'askModel.activeProfile'] },
  /** A key stored for the active profile, or a connection that answered (a local server needs no key). */
  setKey: 'context',
  /** Test Connection (or Add Profile's test) reached the server and the model answered. */
  testConnection: 'context',
  /** An Ask Model answer finished beside the code. */
  firstAsk: 'context',
  /** An answer finished in the chat view. */
  chat: 'context',
  /** Ghost text from the user's server was accepted with Tab. */
  completions: 'context',
  /** VS Code's own chat got an answer from one of Ask Model's models. */
  vscodeChat: 'context',
} as const satisfies Record<string, 'context' | { settings: readonly string[] }>;

export type WalkthroughStep = keyof typeof WALKTHROUGH_STEPS;

/** The steps the host completes by setting their context key. */
export type WalkthroughContextStep = { [Step in WalkthroughStep]: (typeof WALKTHROUGH_STEPS)[Step] extends 'context' ? Step : never }[WalkthroughStep];

/** The context key the host sets when the user has done `step`. */
export type WalkthroughContextKey<Step extends WalkthroughContextStep = WalkthroughContextStep> = `askModel.walkthrough.${Step}`;

export function walkthroughContextKey<Step extends WalkthroughContextStep>(step: Step): WalkthroughContextKey<Step> {
  return `askModel.walkthrough.${step}`;
}

/** The completion events package.json must give the step. */
export function completionEventsOf(step: WalkthroughStep): string[] {
  const rule: 'context' | { settings: readonly string[] } = WALKTHROUGH_STEPS[step];
  return rule === 'context' ? [`onContext:${walkthroughContextKey(step as WalkthroughContextStep)}`] : rule.settings.map((setting) => `onSettingChanged:${setting}`);
}
