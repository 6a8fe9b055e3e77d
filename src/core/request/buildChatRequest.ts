// Builds the request body from the conversation and the settings, and checks it with zod before anything is sent.
// A bad value becomes a SettingsError naming the setting to fix.
import { InvalidRequestError, SettingsError } from '../errors/AskModelError';
import type { ChatCompletionRequest, ChatMessage, ChatMetadata, ToolDefinition } from '../protocol/messages';
import { chatCompletionRequestSchema } from '../protocol/requestSchema';
import type * as z from 'zod/mini';
import { OUTPUT_LIMIT_FIELDS } from '../protocol/outputLimitFields';
import type { ModelRequestOptions } from './modelRequestOptions';

export interface MetadataSettings {
  tags: readonly string[];
  generationName: string;
  traceUserId: string;
}

export interface RequestSettings {
  model: string;
  stream: boolean;
  metadata: MetadataSettings;
  /** Merged into the body at the top level; it cannot replace what Ask Model controls. */
  extraBody: Record<string, unknown>;
  /** What the model's overrides add (its extra body and sampling parameters, see modelBodyFields), over `extraBody`. */
  modelBody?: Record<string, unknown> | undefined;
  /** What the model's catalogue entry asks of the request (see modelRequestOptions); undefined: nothing. */
  modelOptions?: ModelRequestOptions | undefined;
}

export interface ChatRequestInput {
  settings: RequestSettings;
  messages: readonly ChatMessage[];
  tools?: readonly ToolDefinition[];
  toolChoice?: 'auto' | 'none' | 'required';
}

/** Keys the extra body may not set, with the setting that controls each. */
const CONTROLLED_KEYS: Record<string, string> = {
  model: 'askModel.model',
  messages: 'the conversation itself',
  stream: 'askModel.stream',
};

export function buildChatRequest(input: ChatRequestInput): ChatCompletionRequest {
  const { settings } = input;
  const profileBody = checkExtraBody(settings.extraBody, 'askModel.extraBody');
  const modelBody = checkExtraBody(settings.modelBody, 'askModel.modelOverrides');
  // The model's own fields win over the profile's: they are the more specific setting.
  const extraBody = { ...profileBody, ...modelBody };
  const metadata = buildMetadata(settings.metadata);

  const body: ChatCompletionRequest = { ...extraBody, model: settings.model.trim(), messages: [...input.messages], stream: settings.stream };
  const modelOptions = settings.modelOptions;
  if (modelOptions?.maxOutputTokens !== undefined) {
    // The model's own limit replaces a profile-wide one from the extra body, whichever spelling that used.
    for (const field of OUTPUT_LIMIT_FIELDS) delete body[field];
    body[modelOptions.outputLimitField] = modelOptions.maxOutputTokens;
  }
  if (modelOptions?.reasoningEffort !== undefined) body['reasoning_effort'] = modelOptions.reasoningEffort;
  if (input.tools && input.tools.length > 0 && modelOptions?.toolsAllowed !== false) {
    body.tools = [...input.tools];
    body.tool_choice = input.toolChoice ?? 'auto';
  }
  const extraMetadata = isRecord(extraBody['metadata']) ? extraBody['metadata'] : undefined;
  if (metadata || extraMetadata) body.metadata = { ...extraMetadata, ...metadata };
  else delete body.metadata;

  const checked = chatCompletionRequestSchema.safeParse(body);
  if (!checked.success) throw errorForIssue(checked.error.issues[0], profileBody, modelBody, body.model);
  return body;
}

/** `metadata` with only its non-empty keys; undefined when all are empty. */
export function buildMetadata(settings: MetadataSettings): ChatMetadata | undefined {
  const metadata: ChatMetadata = {};
  const tags = settings.tags.map((tag) => (typeof tag === 'string' ? tag.trim() : tag)).filter((tag) => tag !== '');
  if (tags.length > 0) metadata.tags = tags as string[];
  if (settings.generationName.trim() !== '') metadata.generation_name = settings.generationName.trim();
  if (settings.traceUserId.trim() !== '') metadata.trace_user_id = settings.traceUserId.trim();
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

function checkExtraBody(extraBody: unknown, setting: string): Record<string, unknown> {
  if (extraBody === undefined || extraBody === null) return {};
  if (!isRecord(extraBody)) throw new SettingsError(setting, 'must be a JSON object, e.g. { "temperature": 0.2 }.');
  for (const [key, owner] of Object.entries(CONTROLLED_KEYS)) {
    if (key in extraBody) throw new SettingsError(setting, `cannot set "${key}"; that is set by ${owner}.`);
  }
  return extraBody;
}

function errorForIssue(issue: z.core.$ZodIssue | undefined, extraBody: Record<string, unknown>, modelBody: Record<string, unknown>, model: string): Error {
  if (!issue) return new InvalidRequestError('unknown problem');
  const [head, second] = issue.path;
  const where = issue.path.join('.');
  if (head === 'model') return new SettingsError('askModel.model', `${issue.message}. Choose a model.`);
  if (head === 'metadata') {
    const setting =
      second === 'tags' ? 'askModel.metadata.tags' : second === 'generation_name' ? 'askModel.metadata.generationName' : second === 'trace_user_id' ? 'askModel.metadata.traceUserId' : 'askModel.extraBody';
    return new SettingsError(setting, `${issue.message} (at ${where}).`);
  }
  if (typeof head === 'string' && head in modelBody) return new SettingsError('askModel.modelOverrides', `"${model}": "${where}": ${issue.message}.`);
  if (typeof head === 'string' && head in extraBody) return new SettingsError('askModel.extraBody', `"${where}": ${issue.message}.`);
  return new InvalidRequestError(`${where || 'body'}: ${issue.message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
