// The discovery endpoints of each kind of server, answered from the recorded bodies (test/fixtures/discovery): what
// the reference server serves with its `discovery` option and what the unit tests' fake servers answer. Where no
// recording of an endpoint exists for one server (LiteLLM's and Ollama's /v1/models, LiteLLM's readiness, LM Studio's
// 200 for the other servers' endpoints), the body is built in that server's documented shape from the recorded ones,
// so the ids agree across endpoints as they do on a real server. The fixtures are imported (not read from disk) so
// the integration bundle carries them.
import liteLlmGroupInfo from '../../fixtures/discovery/litellm-model-group-info/proxy-docstring-example.json';
import liteLlmModelInfo from '../../fixtures/discovery/litellm-model-info/proxy-docstring-example.json';
import llamaCppProps from '../../fixtures/discovery/llamacpp-props/readme-example.json';
import lmStudioModels from '../../fixtures/discovery/lmstudio-models/rest-v0-docs-example.json';
import lmStudioMissingRoute from '../../fixtures/discovery/missing-route/lm-studio-200-unexpected-endpoint.json';
import ollamaPs from '../../fixtures/discovery/ollama-ps/gemma3-before-context-length.json';
import ollamaGptOss from '../../fixtures/discovery/ollama-show/gpt-oss-120b-cloud.json';
import ollamaLlama2 from '../../fixtures/discovery/ollama-show/llama2-num-ctx-2023.json';
import ollamaSmollm from '../../fixtures/discovery/ollama-show/smollm2-1.7b-local.json';
import ollamaTags from '../../fixtures/discovery/ollama-tags/cloud-models.json';
import llamaCppModels from '../../fixtures/discovery/openai-models/llama.cpp-readme-example.json';
import openRouterModels from '../../fixtures/discovery/openai-models/openrouter-tools-filtered.json';
import vllmModels from '../../fixtures/discovery/openai-models/vllm-max-model-len.json';

export const DISCOVERY_SHAPES = ['litellm', 'llama.cpp', 'lm-studio', 'ollama', 'vllm', 'openrouter'] as const;
export type DiscoveryShape = (typeof DISCOVERY_SHAPES)[number];

export interface DiscoveryAnswer {
  status: number;
  /** The exact body text. */
  body: string;
}

/** LiteLLM's unauthenticated readiness answer (`GET /health/readiness`), in the shape its health docs give (the values are ours). */
export const LITELLM_READINESS = { status: 'healthy', db: 'Not connected', cache: null, litellm_version: '1.74.9', success_callbacks: [] };

const CREATED = 1_700_000_000;

function openAiList(ids: readonly string[], ownedBy: string): string {
  return JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: CREATED, owned_by: ownedBy })) });
}

function idsOf(body: string, key: 'model_group' | 'model_name' | 'name' | 'id'): string[] {
  const parsed = JSON.parse(body) as { data?: Record<string, unknown>[]; models?: Record<string, unknown>[] };
  return (parsed.data ?? parsed.models ?? []).map((entry) => String(entry[key]));
}

const OLLAMA_SHOW: Record<string, string> = Object.fromEntries(
  [ollamaGptOss, ollamaLlama2, ollamaSmollm].map((fixture) => [fixture.requestedModel, fixture.body]),
);

/** The model ids the shape's /v1/models lists, in its order. */
export function listedModelIds(shape: DiscoveryShape): string[] {
  const body = modelList(shape);
  return (JSON.parse(body) as { data: { id: string }[] }).data.map((entry) => entry.id);
}

function modelList(shape: DiscoveryShape): string {
  switch (shape) {
    case 'litellm':
      // LiteLLM lists its model groups (owned_by "openai" whatever the provider).
      return openAiList([...new Set([...idsOf(liteLlmGroupInfo.body, 'model_group'), ...idsOf(liteLlmModelInfo.body, 'model_name')])], 'openai');
    case 'llama.cpp':
      return llamaCppModels.body;
    case 'lm-studio':
      // LM Studio's /v1/models lists every downloaded model by id alone (owned_by "organization_owner").
      return openAiList(idsOf(lmStudioModels.body, 'id'), 'organization_owner');
    case 'ollama':
      // Ollama's /v1/models is its /api/tags list in OpenAI's shape (owned_by "library").
      return openAiList(idsOf(ollamaTags.body, 'name'), 'library');
    case 'vllm':
      return vllmModels.body;
    case 'openrouter':
      return openRouterModels.body;
  }
}

const json = (status: number, body: unknown): DiscoveryAnswer => ({ status, body: JSON.stringify(body) });

/** The discovery endpoints of the other kinds of server, which a server of one kind is asked too and does not have. */
const OTHER_DISCOVERY_PATHS = ['/v1/model/info', '/model/info', '/model_group/info', '/health/readiness', '/props', '/api/tags', '/api/ps', '/api/show'];

/**
 * LM Studio's answer to a route it does not have: 200 and its recorded error, naming the request at hand where the
 * recording names its own (LM Studio's message names whatever was asked).
 */
function lmStudioMissingRouteAnswer(method: string, pathname: string): DiscoveryAnswer {
  const recorded = lmStudioMissingRoute.request;
  if (!lmStudioMissingRoute.body.includes(recorded)) throw new Error(`the recorded LM Studio body no longer names ${recorded}`);
  return { status: 200, body: lmStudioMissingRoute.body.replace(recorded, `${method} ${pathname}`) };
}

/**
 * The shape's answer to `method pathname` (the path without its query), or undefined when this kind of server has no
 * such endpoint (the caller answers 404 as the server would). `requestBody` is the parsed JSON body of a POST.
 */
export function discoveryAnswer(shape: DiscoveryShape, method: string, pathname: string, requestBody: unknown): DiscoveryAnswer | undefined {
  if (method === 'GET' && pathname === '/v1/models') return { status: 200, body: modelList(shape) };
  switch (shape) {
    case 'litellm':
      if (method === 'GET' && (pathname === '/v1/model/info' || pathname === '/model/info')) return { status: 200, body: liteLlmModelInfo.body };
      if (method === 'GET' && pathname === '/model_group/info') return { status: 200, body: liteLlmGroupInfo.body };
      if (method === 'GET' && pathname === '/health/readiness') return json(200, LITELLM_READINESS);
      return undefined;
    case 'llama.cpp':
      if (method === 'GET' && pathname === '/props') return { status: 200, body: llamaCppProps.body };
      return undefined;
    case 'lm-studio':
      if (method === 'GET' && pathname === '/api/v0/models') return { status: 200, body: lmStudioModels.body };
      // LM Studio answers the other servers' endpoints with 200 "Unexpected endpoint or method", not 404.
      if (OTHER_DISCOVERY_PATHS.includes(pathname)) return lmStudioMissingRouteAnswer(method, pathname);
      return undefined;
    case 'ollama': {
      if (method === 'GET' && pathname === '/api/tags') return { status: 200, body: ollamaTags.body };
      if (method === 'GET' && pathname === '/api/ps') return { status: 200, body: ollamaPs.body };
      if (method !== 'POST' || pathname !== '/api/show') return undefined;
      const model = typeof requestBody === 'object' && requestBody !== null ? (requestBody as { model?: unknown }).model : undefined;
      const shown = typeof model === 'string' ? OLLAMA_SHOW[model] : undefined;
      // Ollama's answer for a model it does not have.
      return shown === undefined ? json(404, { error: `model '${String(model)}' not found` }) : { status: 200, body: shown };
    }
    case 'vllm':
    case 'openrouter':
      return undefined;
  }
}

/** Endpoints a shape answers without a key (LiteLLM's readiness probe is for load balancers). */
export function isUnauthenticated(shape: DiscoveryShape, pathname: string): boolean {
  return shape === 'litellm' && pathname === '/health/readiness';
}
