// The environment a command runs with: the extension host's, less anything of ours. Our API keys live in
// SecretStorage and are never put in the environment by us; what this removes is what could still carry one: a
// variable of ours (ASK_MODEL_*), and any variable whose value holds one of the keys the user stored with us (a key
// the user also exported for another tool would otherwise reach a command the model chose).

const OUR_PREFIX = /^ASK_MODEL_/i;
/** Shorter values are not looked for inside others: a key is long, and a short one would match by chance. */
const SHORTEST_KEY = 8;

export interface CommandEnvironment {
  env: Record<string, string>;
  /** The names removed (a terminal is told to unset them). */
  removed: string[];
}

export function commandEnvironment(base: Readonly<Record<string, string | undefined>>, keys: readonly string[]): CommandEnvironment {
  const secrets = keys.map((key) => key.trim()).filter((key) => key.length >= SHORTEST_KEY);
  const env: Record<string, string> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    if (OUR_PREFIX.test(name) || secrets.some((secret) => value.includes(secret))) removed.push(name);
    else env[name] = value;
  }
  return { env, removed };
}
