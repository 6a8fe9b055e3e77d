// llama.cpp's router mode: a llama-server started without a model serves several, loading each on demand in a child
// server of its own. Its model list names every model it could load, each with a `status` ({"value": "loaded"}, or
// "unloaded", "loading", "sleeping", "downloading"), and a bare /props answers only for the router itself (a
// placeholder whose n_ctx is 0); `/props?model=<id>` is passed to that model's own server. The router loads a model it
// is asked about unless the request says `autoload=false`, and a look at the catalogue must never load a model (it can
// take minutes and evict another), so only the models the list shows loaded are asked, each with autoload off.
import * as z from 'zod/mini';
import '../protocol/zodMessages';

const routerList = z.object({ data: z.array(z.unknown()) });
const routerEntry = z.looseObject({ id: z.string().check(z.minLength(1)), status: z.looseObject({ value: z.string() }) });

/**
 * The ids of the models a llama.cpp router has loaded now, in the list's order; undefined when the model list is not
 * a router's (no entry carries a status), which is how a one-model server or any other server answers.
 */
export function loadedRouterModels(list: unknown): string[] | undefined {
  const parsed = routerList.safeParse(list);
  if (!parsed.success) return undefined;
  const entries = parsed.data.data.flatMap((item) => {
    const entry = routerEntry.safeParse(item);
    return entry.success ? [entry.data] : [];
  });
  if (entries.length === 0) return undefined;
  return entries.filter((entry) => entry.status.value === 'loaded').map((entry) => entry.id);
}

/** The address of `/props` for one model of a router, which must not load it. */
export function routerPropsUrl(propsUrl: string, model: string): string {
  return `${propsUrl}?model=${encodeURIComponent(model)}&autoload=false`;
}
