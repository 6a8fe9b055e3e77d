// How a parser turns the fields of one body into facts: for each fact, the fields that may carry it, best first, each
// with what kind of statement it is. The first field that holds a usable value gives the fact; the rest are not read.
import { valueAt } from './jsonValues';
import { recordFact, type DiscoveryEndpoint, type FactBasis, type FactName, type ModelFacts, type ModelInfo } from '../protocol/modelInfo';

export interface FieldReader<K extends FactName> {
  /** Dotted path of the field in the entry (`meta.n_ctx`). */
  field: string;
  basis: FactBasis;
  /** The fact the field's value states, or undefined when it states nothing usable. */
  read: (value: unknown) => ModelFacts[K] | undefined;
}

export function recordFirstFact<K extends FactName>(
  info: ModelInfo,
  name: K,
  endpoint: DiscoveryEndpoint,
  entry: unknown,
  readers: readonly FieldReader<K>[],
): void {
  for (const reader of readers) {
    const value = reader.read(valueAt(entry, reader.field));
    if (value !== undefined) {
      recordFact(info, name, value, { endpoint, field: reader.field, basis: reader.basis });
      return;
    }
  }
}
