// Lenient readers for what servers send back. Unknown fields are ignored, `null` is as good as absent, and nothing
// beyond what we use is required: real servers (llama.cpp, vLLM, Ollama, LiteLLM) differ in the details.
import { z } from 'zod';

const optionalString = z.string().nullish();
const optionalNumber = z.number().nullish();

export const usageSchema = z
  .object({
    prompt_tokens: optionalNumber,
    completion_tokens: optionalNumber,
    total_tokens: optionalNumber,
  })
  .loose();

const toolCallSchema = z.object({
  id: optionalString,
  type: optionalString,
  function: z.object({ name: optionalString, arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish() }).nullish(),
});

export const chatCompletionSchema = z.object({
  id: optionalString,
  model: optionalString,
  choices: z
    .array(
      z.object({
        index: optionalNumber,
        message: z
          .object({
            role: optionalString,
            content: optionalString,
            reasoning_content: optionalString,
            reasoning: optionalString,
            tool_calls: z.array(toolCallSchema).nullish(),
          })
          .nullish(),
        finish_reason: optionalString,
      }),
    )
    .nullish(),
  usage: usageSchema.nullish(),
  _response_ms: optionalNumber,
});

export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

const openAiModelList = z.object({ data: z.array(z.object({ id: z.string() })) });
const ollamaModelList = z.object({ models: z.array(z.object({ id: z.string().optional(), name: z.string().optional(), model: z.string().optional() })) });

/** Model ids from a `GET /models` answer: the OpenAI `{data:[{id}]}` shape, or Ollama's `{models:[{name}]}`. */
export function readModelIds(json: unknown): string[] | undefined {
  const openAi = openAiModelList.safeParse(json);
  if (openAi.success) return openAi.data.data.map((model) => model.id);
  const ollama = ollamaModelList.safeParse(json);
  if (ollama.success) return ollama.data.models.map((model) => model.id ?? model.name ?? model.model ?? '');
  return undefined;
}
