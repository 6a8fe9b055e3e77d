// The non-streamed `chat.completion` body.
import type { PlannedAnswer } from './answerPlan';
import type { CompletionEnvelope } from './completionEnvelope';

export function buildCompletionBody(plan: PlannedAnswer, envelope: CompletionEnvelope, responseMs: number | null): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: plan.content };
  if (plan.reasoning !== null) message.reasoning_content = plan.reasoning;
  if (plan.toolCalls.length > 0) {
    message.tool_calls = plan.toolCalls.map((call) => ({
      ...(call.id === null ? {} : { id: call.id }),
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  const body: Record<string, unknown> = {
    id: envelope.id,
    object: 'chat.completion',
    created: envelope.created,
    model: envelope.model,
    choices: [{ index: 0, message, finish_reason: plan.finishReason }],
    usage: plan.usage,
  };
  if (responseMs !== null) body._response_ms = responseMs;
  return body;
}
