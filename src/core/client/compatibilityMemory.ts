// Optional fields some servers refuse (`stream_options`, `parallel_tool_calls`). After a 400/422 that names one, the
// client resends once without it and remembers, per endpoint, not to send it again.

export const DROPPABLE_FIELDS = ['stream_options', 'parallel_tool_calls'] as const;
export type DroppableField = (typeof DROPPABLE_FIELDS)[number];

export class CompatibilityMemory {
  private readonly dropped = new Map<string, Set<DroppableField>>();

  isDropped(endpoint: string, field: DroppableField): boolean {
    return this.dropped.get(endpoint)?.has(field) ?? false;
  }

  drop(endpoint: string, field: DroppableField): void {
    let fields = this.dropped.get(endpoint);
    if (!fields) this.dropped.set(endpoint, (fields = new Set()));
    fields.add(field);
  }

  /** The first droppable field that `serverMessage` names and `body` carries. */
  static fieldNamedIn(serverMessage: string, body: Record<string, unknown>): DroppableField | undefined {
    return DROPPABLE_FIELDS.find((field) => field in body && serverMessage.includes(field));
  }
}
