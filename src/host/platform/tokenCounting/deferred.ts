// The server's own token count (core's ServerTokenCounter), loaded only once a server's catalogue shows that it
// counts (llama.cpp, vLLM, a LiteLLM proxy), not with every run. Reached through lazy.ts's
// `loadDeferred.tokenCounting()`, which extension.ts hands to the platform.
import { ServerTokenCounter } from '../../../core';

export { ServerTokenCounter };
