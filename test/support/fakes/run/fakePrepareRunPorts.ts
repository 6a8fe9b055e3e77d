// The ports of prepareRun on plain values, for the tests: settings read from a table of askModel.* values (the
// model picker writes its choice there), VS Code's tool list, the catalogue's facts per model, project rules, and
// a record of everything logged, sent and recorded. src never imports this file.
import { applyOverride } from '../../../../src/core/catalogue/mergeCatalogue';
import type { ContextMemory, ContextWindow } from '../../../../src/core/context/contextFitter';
import { emptyTokenCalibration } from '../../../../src/core/context/tokenCalibration';
import type { ChatCompletionRequest } from '../../../../src/core/protocol/messages';
import { emptyModelInfo, type ModelInfo } from '../../../../src/core/protocol/modelInfo';
import type { ProjectRules } from '../../../../src/core/rules/projectRulesText';
import { readExtensionSettings } from '../../../../src/core/settings/extensionSettings';
import type { ChatEvent } from '../../../../src/core/stream/events';
import { readToolSettings } from '../../../../src/core/tools/toolSettings';
import type { VscodeToolInfo } from '../../../../src/core/tools/vscodeTools';
import type { AnswerRecord, PrepareRunPorts, RunClient } from '../../../../src/core/run/prepareRunPorts';
import type { CompletionSender } from '../../../../src/core/completions/completionClient';

/** A client that answers every summary request with `summary`, and streams nothing. */
export class FakeRunClient implements RunClient {
  /** The summary requests, in order. */
  readonly completed: ChatCompletionRequest[] = [];
  constructor(private readonly summary: string) {}
  // eslint-disable-next-line require-yield
  async *streamBatches(): AsyncIterable<ChatEvent[]> {
    throw new Error('the fake run client streams nothing');
  }
  async complete(request: ChatCompletionRequest): Promise<{ text: string }> {
    this.completed.push(request);
    return { text: this.summary };
  }
}

export interface FakePrepareRunOptions {
  /** askModel.* settings by key (`model`, `profiles`, `tools.enabled`, `vscodeTools.allow`, …); unset keys default. */
  settings?: Record<string, unknown>;
  /** The model the picker chooses (written to the setting it was asked for); undefined: the user declines. */
  picked?: string;
  /** What the catalogue knows of each model beyond its id (a model not named: nothing). */
  models?: Record<string, Partial<ModelInfo>>;
  /** The tools VS Code lists. */
  vscodeTools?: VscodeToolInfo[];
  projectRules?: ProjectRules;
  /** Whether the workspace is trusted; default true. */
  trusted?: boolean;
  /** How many profiles the settings hold; default 1. */
  profileCount?: number;
  /** What the model answers a summary request; default "summary". */
  summary?: string;
}

export interface FakePrepareRunPorts extends PrepareRunPorts<string> {
  /** Every log line, as `info: …` or `warn: …`, in order. */
  readonly lines: string[];
  /** Every request logged, by feature, in order. */
  readonly requests: { feature: string; request: ChatCompletionRequest }[];
  readonly recorded: AnswerRecord[];
  /** The profile each createClient call asked for (undefined: the active one), and each selectModel's setting. */
  readonly clientsFor: (string | undefined)[];
  readonly picksFor: ('model' | 'completionModel')[];
  /** What each projectRules call was given. */
  readonly rulesAsked: { workingFiles: string[]; feature: string }[];
  /** The context memories asked for: the profile and model, and what the catalogue said of the window then. */
  readonly memories: { profile: string; model: string; known: () => ContextWindow | undefined }[];
  /** Calls of each port that the tests count. */
  readonly calls: { createClient: number; selectModel: number; toolSettings: number; vscodeTools: number };
  /** The settings table, which the test may change between calls (as the user would). */
  readonly values: Record<string, unknown>;
  /** The catalogue's facts, which the test may add to (as a discovery would). */
  readonly models: Record<string, Partial<ModelInfo>>;
  readonly client: FakeRunClient;
}

export function fakePrepareRunPorts(options: FakePrepareRunOptions = {}): FakePrepareRunPorts {
  const values: Record<string, unknown> = { ...options.settings };
  const models: Record<string, Partial<ModelInfo>> = { ...options.models };
  const client = new FakeRunClient(options.summary ?? 'summary');
  const get = (key: string): unknown => values[key];
  const ports: FakePrepareRunPorts = {
    lines: [],
    requests: [],
    recorded: [],
    clientsFor: [],
    picksFor: [],
    rulesAsked: [],
    memories: [],
    calls: { createClient: 0, selectModel: 0, toolSettings: 0, vscodeTools: 0 },
    values,
    models,
    client,
    createClient: async (profile) => {
      ports.calls.createClient++;
      ports.clientsFor.push(profile);
      const settings = readExtensionSettings(get, profile);
      return {
        client,
        settings,
        // As the catalogue merges them: the server's facts, the user's override on top.
        modelInfo: (model) => applyOverride({ ...emptyModelInfo(model), ...models[model] }, Object.hasOwn(settings.modelOverrides, model) ? settings.modelOverrides[model] : undefined),
        tokenCounter: async () => undefined,
        completions: (): CompletionSender => ({
          urls: { root: 'http://fake', v1: 'http://fake/v1' },
          send: () => Promise.reject(new Error('the fake completion sender sends nothing')),
        }),
      };
    },
    selectModel: async (setting) => {
      ports.calls.selectModel++;
      ports.picksFor.push(setting);
      if (options.picked !== undefined) values[setting] = options.picked;
      return options.picked;
    },
    toolSettings: () => {
      ports.calls.toolSettings++;
      return readToolSettings(get);
    },
    vscodeTools: () => {
      ports.calls.vscodeTools++;
      return options.vscodeTools ?? [];
    },
    workspaceTrusted: () => options.trusted ?? true,
    projectRules: async (workingFiles, feature) => {
      ports.rulesAsked.push({ workingFiles: [...workingFiles], feature });
      return options.projectRules;
    },
    profileCount: () => options.profileCount ?? 1,
    contextMemory: (profile, model, known): ContextMemory => {
      ports.memories.push({ profile, model, known });
      let calibration = emptyTokenCalibration();
      return {
        window: known,
        learnWindow: () => undefined,
        calibration: () => calibration,
        setCalibration: (next) => (calibration = next),
      };
    },
    recordAnswer: (record) => void ports.recorded.push(record),
    log: {
      info: (line) => ports.lines.push(`info: ${line}`),
      warn: (line) => ports.lines.push(`warn: ${line}`),
      request: (feature, request) => ports.requests.push({ feature, request }),
    },
  };
  return ports;
}
