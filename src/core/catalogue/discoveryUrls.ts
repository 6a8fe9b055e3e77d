// Where a server's discovery endpoints are, from its chat endpoint's URLs: apart from discovery itself (which loads
// on the first discovery), since Test Connection's readiness check and a LiteLLM key's budget ask them too.
import type { ServiceUrls } from '../http/resolveUrls';

/** The addresses of the discovery endpoints for a server whose chat endpoint is `urls`. */
export function discoveryUrls(urls: ServiceUrls) {
  const v1 = urls.models.slice(0, -'/models'.length);
  // The server's root: the base without its version segment (a provider's /v1beta/openai has no root of that kind;
  // its richer endpoints are simply absent).
  const root = v1.replace(/\/v\d+[a-z]*$/, '');
  return {
    models: urls.models,
    liteLlmModelInfo: `${v1}/model/info`,
    liteLlmModelGroupInfo: `${root}/model_group/info`,
    liteLlmReadiness: `${root}/health/readiness`,
    /** The key's own spend and budget (LiteLLM, asked with the key; see cost/keyBudget.ts). */
    liteLlmKeyInfo: `${root}/key/info`,
    llamaCppProps: `${root}/props`,
    ollamaTags: `${root}/api/tags`,
    ollamaShow: `${root}/api/show`,
    ollamaPs: `${root}/api/ps`,
    lmStudioModels: `${root}/api/v0/models`,
  };
}

