// Which OpenAI-compatible server `npm start` points the extension at: the one named by ASK_MODEL_BASE_URL, else the
// real llama.cpp peer of ../shared/peer, else the reference server in demo mode (what a user without ../shared gets).
// The demo's e2e tier calls this same function with `findPeer` saying there is none, to test that last choice.
import type { Cleanup } from '../host/cleanup';
import { startPeer, TINY_MODEL_CONTEXT_TOKENS, type Peer } from '../peer/startPeer';
import { startReferenceServer } from '../referenceServer';
import { answerAboutSampleWorkspace } from './sampleWorkspaceModel';

export interface DemoServer {
  baseUrl: string;
  model: string;
  describe: string;
}

export const DEMO_MODEL = 'demo-model';

export interface ChooseDemoServerOptions {
  readonly cleanup: Cleanup;
  readonly say: (line: string) => void;
  /** Finds the llama.cpp peer (default: startPeer with one slot of the tiny model's whole context). */
  readonly findPeer?: () => Promise<Peer | { unavailable: string }>;
  readonly env?: NodeJS.ProcessEnv;
}

// One slot with the tiny model's whole context: the workspace tools' definitions alone are ~4,600 of its tokens.
const startTinyPeer = (): Promise<Peer | { unavailable: string }> => startPeer({ contextTokens: TINY_MODEL_CONTEXT_TOKENS });

export async function chooseDemoServer({ cleanup, say, findPeer = startTinyPeer, env = process.env }: ChooseDemoServerOptions): Promise<DemoServer> {
  const own = env['ASK_MODEL_BASE_URL'];
  if (own) {
    return { baseUrl: own, model: env['ASK_MODEL_MODEL'] ?? '', describe: `${own} (from ASK_MODEL_BASE_URL; set its key with "Ask Model: Set API Key")` };
  }
  const peer = await findPeer().catch((error: unknown) => ({ unavailable: String(error) }));
  if (!('unavailable' in peer)) {
    cleanup.add('stop the llama.cpp server', () => peer.stop());
    return { baseUrl: peer.baseUrl, model: peer.model, describe: peer.describe };
  }
  say(`no llama.cpp peer (${peer.unavailable}); using the reference server in demo mode`);
  const reference = await startReferenceServer({ demo: true, demoScript: answerAboutSampleWorkspace, model: DEMO_MODEL });
  cleanup.add('stop the reference server', () => reference.close());
  return { baseUrl: reference.url, model: DEMO_MODEL, describe: `the reference server in demo mode on ${reference.url}` };
}
