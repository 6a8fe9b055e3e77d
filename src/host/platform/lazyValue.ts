// A value built on first use: the services, a feature's implementation, a part of it. Apart from the loader of the
// deferred parts (src/host/lazy.ts), which only the wiring may import, so that what is handed a lazy value (a feature's
// deferred code takes its services so) need not know where it comes from.

/** A value built on first call; every later call returns the same promise. */
export type Lazy<T> = () => Promise<T>;

/** Builds on first call; a failed build is not kept, so the next use tries again. */
export function lazy<T>(build: () => Promise<T>): Lazy<T> {
  let built: Promise<T> | undefined;
  return () => {
    built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    return built;
  };
}

/** One member of a lazily built record, itself lazy: how a service of the platform is handed to a feature by name. */
export function memberOf<T, Key extends keyof T>(record: Lazy<T>, key: Key): Lazy<T[Key]> {
  return async () => (await record())[key];
}
