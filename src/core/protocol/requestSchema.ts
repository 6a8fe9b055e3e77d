// The zod schema every outgoing request passes before it is sent: a bad value fails here, with a path we can map to
// the setting that produced it, instead of as a 400 from the server.
import * as z from 'zod/mini';
import './zodMessages';

const toolCallRecord = z.object({
  id: z.string().check(z.minLength(1)),
  type: z.literal('function'),
  function: z.object({ name: z.string().check(z.minLength(1)), arguments: z.string() }),
});

export const chatMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }),
  z.object({
    role: z.literal('user'),
    content: z.union([
      z.string(),
      z.array(z.discriminatedUnion('type', [z.object({ type: z.literal('text'), text: z.string() }), z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string() }) })])).check(z.minLength(1)),
    ]),
  }),
  z.object({
    role: z.literal('assistant'),
    content: z.nullable(z.string()),
    tool_calls: z.optional(z.array(toolCallRecord).check(z.minLength(1))),
    reasoning_content: z.optional(z.string()),
  }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string().check(z.minLength(1)), content: z.string() }),
]);

const propertySchema = z.looseObject({
  type: z.optional(z.union([z.string(), z.array(z.string())])),
  description: z.optional(z.string()),
  enum: z.optional(z.array(z.unknown())),
});

export const toolDefinitionSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'a function name is 1–64 letters, digits, _ or -')),
    description: z.optional(z.string()),
    parameters: z.looseObject({
      type: z.literal('object'),
      properties: z.record(z.string(), propertySchema),
      required: z.optional(z.array(z.string())),
    }),
  }),
});

export const metadataSchema = z.looseObject({
  tags: z.optional(z.array(z.string().check(z.minLength(1, 'a tag cannot be empty')))),
  generation_name: z.optional(z.string()),
  trace_user_id: z.optional(z.string()),
});

export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().check(z.minLength(1, 'no model is set')),
  messages: z.array(chatMessageSchema).check(z.minLength(1, 'the conversation is empty')),
  stream: z.boolean(),
  tools: z.optional(z.array(toolDefinitionSchema)),
  tool_choice: z.optional(z.enum(['auto', 'none', 'required'])),
  metadata: z.optional(metadataSchema),
  stream_options: z.optional(z.looseObject({ include_usage: z.optional(z.boolean()) })),
});
