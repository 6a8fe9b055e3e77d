// What the commands about profiles and the connection do, loaded on the first one run (registerProfiles.ts): each
// takes its arguments (automation and tests) and the services it needs.
import type { Lazy } from '../../platform/lazyValue';
import { selectModel, type SelectModelArgs } from '../../platform/catalogue/modelPicker';
import type { ModelCatalogues } from '../../platform/catalogue/modelCatalogues';
import type { ApiKeyStore } from '../../platform/clients/apiKeyStore';
import type { ClientFactory } from '../../platform/clients/clientFactory';
import type { Log } from '../../platform/log/log';
import type { ServerNotices } from '../../platform/notices/serverNotices';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Runs } from '../../platform/run/runs';
import type { KeyBudgets } from '../../platform/spend/keyBudgets';
import { findLocalServersCommand, type FindLocalServersArgs } from './findLocalServersCommand';
import { clearApiKey, setApiKey, type SetApiKeyArgs } from './keyCommands';
import { addProfile, selectProfile, type AddProfileArgs, type SelectProfileArgs } from './profileCommands';
import type { ProfileCommand } from './profileIds';
import { testConnection, type ConnectionDeps } from './testConnection';

export interface ProfilesDeps {
  keys: Lazy<ApiKeyStore>;
  clients: Lazy<ClientFactory>;
  catalogues: Lazy<ModelCatalogues>;
  runs: Lazy<Runs>;
  keyBudgets: Lazy<KeyBudgets>;
  active: ActiveRequests;
  notices: ServerNotices;
  log: Log;
}

export function profileCommands(deps: ProfilesDeps): { readonly [Command in ProfileCommand]: (args?: unknown) => unknown } {
  const connection = async (): Promise<ConnectionDeps> => {
    const [clients, catalogues, runs, keyBudgets] = await Promise.all([deps.clients(), deps.catalogues(), deps.runs(), deps.keyBudgets()]);
    return { clients, catalogues, runs, keyBudgets, log: deps.log };
  };
  return {
    'askModel.setApiKey': async (args) => setApiKey(await deps.keys(), args as SetApiKeyArgs | undefined),
    'askModel.clearApiKey': async () => clearApiKey(await deps.keys()),
    'askModel.selectProfile': (args) => selectProfile(args as SelectProfileArgs | undefined),
    'askModel.addProfile': async (args) => addProfile(await deps.keys(), await connection(), args as AddProfileArgs | undefined),
    'askModel.findLocalServers': (args) => findLocalServersCommand(deps.log, args as FindLocalServersArgs | undefined),
    'askModel.selectModel': async (args) => selectModel({ clients: await deps.clients(), catalogues: await deps.catalogues() }, args as SelectModelArgs | undefined),
    'askModel.testConnection': async () => testConnection(await connection()),
  };
}
