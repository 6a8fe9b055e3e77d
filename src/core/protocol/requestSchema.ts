// The zod schema every outgoing request passes before it is sent: a bad value fails here, with a path we can map to
// the setting that produced it, instead of as a 400 from the server.
import { z } from 'zod';

const toolCallRecord = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

export const chatMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }),
  z.object({ role: z.literal('user'), content: z.string() }),
  z.object({
    role: z.literal('assistant'),
    content: z.string().nullable(),
    tool_calls: z.array(toolCallRecord).min(1).optional(),
  }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string().min(1), content: z.string() }),
]);

const propertySchema = z
  .object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    description: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
  })
  .loose();

export const toolDefinitionSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a function name is 1–64 letters, digits, _ or -'),
    description: z.string().optional(),
    parameters: z
      .object({
        type: z.literal('object'),
        properties: z.record(z.string(), propertySchema),
        required: z.array(z.string()).optional(),
      })
      .loose(),
  }),
});

export const metadataSchema = z
  .object({
    tags: z.array(z.string().min(1, 'a tag cannot be empty')).optional(),
    generation_name: z.string().optional(),
    trace_user_id: z.string().optional(),
  })
  .loose();

export const chatCompletionRequestSchema = z
  .object({
    model: z.string().trim().min(1, 'no model is set'),
    messages: z.array(chatMessageSchema).min(1, 'the conversation is empty'),
    stream: z.boolean(),
    tools: z.array(toolDefinitionSchema).optional(),
    tool_choice: z.enum(['auto', 'none', 'required']).optional(),
    metadata: metadataSchema.optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().optional(),
  })
  .loose();
