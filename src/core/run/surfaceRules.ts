// What each surface's run is, one record per surface (a surface added to RequestSurface without its rule does not
// compile): where its model comes from, whether the user is asked to pick one when none is set, which tools it offers,
// whether the system prompt and the project rules go with it, and whether its answers are recorded (the log line, the
// rate-limit note, the day's spend, the key's budget).
import type { RequestSurface } from '../request/requestAssembly';

export interface SurfaceRule {
  /**
   * The setting that names the model: the profile's chat model, its commit model (else the chat model), its
   * completion model; `given`: the caller names it (VS Code's chat names the model it picked, Test Connection the one
   * it found).
   */
  model: 'model' | 'commitModel' | 'completionModel' | 'given';
  /** With no model set, the user is asked to pick one (a command they ran); otherwise the run cannot start. */
  pickModel: boolean;
  /**
   * `settings`: the workspace tools as `askModel.tools.enabled` says, and VS Code's as allowed; `workspace`: the
   * workspace tools always (Edit Selection works through them), and VS Code's as allowed; `given`: the caller's (VS
   * Code's chat brings its own); `none`.
   */
  tools: 'none' | 'settings' | 'workspace' | 'given';
  /** The system prompt and the project rules go first in the conversation. */
  instructions: boolean;
  /** Each answer is recorded. Test Connection's one token is not (it proves the server answers; it is not an answer). */
  record: boolean;
  /**
   * Each request gets a log line (its body at trace level). Inline completions' do not: one goes out per pause in
   * typing, and their engine writes one line per answered request (endpoint, model, time, what was shown).
   */
  logsRequests: boolean;
}

export const SURFACE_RULES: { readonly [Surface in RequestSurface]: SurfaceRule } = {
  chat: { model: 'model', pickModel: true, tools: 'settings', instructions: true, record: true, logsRequests: true },
  'ask-model': { model: 'model', pickModel: true, tools: 'none', instructions: true, record: true, logsRequests: true },
  'edit-selection': { model: 'model', pickModel: true, tools: 'workspace', instructions: true, record: true, logsRequests: true },
  'commit-message': { model: 'commitModel', pickModel: true, tools: 'none', instructions: false, record: true, logsRequests: true },
  'vscode-chat': { model: 'given', pickModel: false, tools: 'given', instructions: false, record: true, logsRequests: true },
  'test-connection': { model: 'given', pickModel: false, tools: 'none', instructions: false, record: false, logsRequests: true },
  'inline-completion': { model: 'completionModel', pickModel: false, tools: 'none', instructions: false, record: true, logsRequests: false },
};
