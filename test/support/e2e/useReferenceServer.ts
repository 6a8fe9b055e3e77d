// One reference server for the tests of a describe block: started before them (and before the workbench's own
// `before`, when called first, so the workbench's settings can name its URL) and closed after them.
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../referenceServer';

/** Registers the server's hooks; the returned function gives the running server inside hooks and tests. */
export function useReferenceServer(options: ReferenceServerOptions): () => ReferenceServer {
  let server: ReferenceServer | undefined;
  before(async () => {
    server = await startReferenceServer(options);
  });
  after(async () => {
    await server?.close();
    server = undefined;
  });
  return () => {
    if (!server) throw new Error('the reference server is not running (its before hook failed)');
    return server;
  };
}
