// What activation defers to first use: the command, view or request that first needs something builds it, and
// everyone after gets the same one. A failed build is not kept, so the next use tries again. What is deferred is
// exported by deferred.ts and reached only through `loadDeferred()`, never a static import from the code activation
// runs, which would load it with the wiring (esbuild.js fails such a build).
import type * as Deferred from './deferred';

/** A value built on first call; every later call returns the same promise. */
export type Lazy<T> = () => Promise<T>;

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

/**
 * The deferred modules: the first call require()s dist/deferred.js (esbuild turns this `import()` into that, see
 * esbuild.js; TypeScript's Node16 resolution wants the `.js`, esbuild finds the .ts), later calls get the same exports.
 */
export function loadDeferred(): Promise<typeof Deferred> {
  return import('./deferred.js');
}
