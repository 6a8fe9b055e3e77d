// Lenient readers for what servers send back. Unknown fields are ignored, `null` is as good as absent, and nothing
// beyond what we use is required: real servers (llama.cpp, vLLM, Ollama, LiteLLM) differ in the details.
import * as z from 'zod/mini';
import './zodMessages';

const optionalString = z.nullish(z.string());
const optionalNumber = z.nullish(z.number());

export const usageSchema = z.looseObject({
  prompt_tokens: optionalNumber,
  completion_tokens: optionalNumber,
  total_tokens: optionalNumber,
});

const toolCallSchema = z.object({
  id: optionalString,
  type: optionalString,
  function: z.nullish(z.object({ name: optionalString, arguments: z.nullish(z.union([z.string(), z.record(z.string(), z.unknown())])) })),
});

export const chatCompletionSchema = z.object({
  id: optionalString,
  model: optionalString,
  choices: z.nullish(
    z.array(
      z.object({
        index: optionalNumber,
        message: z.nullish(
          z.object({
            role: optionalString,
            content: optionalString,
            reasoning_content: optionalString,
            reasoning: optionalString,
            tool_calls: z.nullish(z.array(toolCallSchema)),
          }),
        ),
        finish_reason: optionalString,
      }),
    ),
  ),
  usage: z.nullish(usageSchema),
  _response_ms: optionalNumber,
});

export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

const openAiModelList = z.object({ data: z.array(z.object({ id: z.string() })) });
const ollamaModelList = z.object({ models: z.array(z.object({ id: z.optional(z.string()), name: z.optional(z.string()), model: z.optional(z.string()) })) });

/** Model ids from a `GET /models` answer: the OpenAI `{data:[{id}]}` shape, or Ollama's `{models:[{name}]}`. */
export function readModelIds(json: unknown): string[] | undefined {
  const openAi = openAiModelList.safeParse(json);
  if (openAi.success) return openAi.data.data.map((model) => model.id);
  const ollama = ollamaModelList.safeParse(json);
  if (ollama.success) return ollama.data.models.map((model) => model.id ?? model.name ?? model.model ?? '');
  return undefined;
}
