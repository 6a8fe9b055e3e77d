// Profiles in a real extension host, against two reference servers: the top-level settings keep working as the
// Default profile (with a key stored before profiles existed), a profile added from the command palette gets its own
// key and is tested, switching sends the next request to the other server with its own key, and the footer and the
// picked model follow the active profile.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { textTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface AskResult {
  status: string;
  footer?: string;
  error?: { message: string };
}

const COMPANY_KEY = 'sk-company-proxy-key-0001';
const TEAM_B_KEY = 'sk-team-b-key-0002';
const LOCAL_KEY = 'sk-local-key-0003';

const ask = (question: string): Thenable<AskResult> => vscode.commands.executeCommand<AskResult>('askModel.ask', { question });
const authorization = (server: ReferenceServer): unknown => server.requests.at(-1)?.headers['authorization'];

describe('profiles in a real extension host', function () {
  this.timeout(30_000);
  const company = useReferenceServer({ model: 'company-model' });
  const local = useReferenceServer({ model: 'local-model' });
  useSettings();

  before(activateExtension);
  beforeEach(async () => {
    await openWithSelection('hello.ts', [1, 3]);
  });
  afterEach(closeAllEditors);

  it('without profiles nothing changes: the top-level settings answer with the key stored for their server, and the footer names no profile', async () => {
    await configure({ baseUrl: company().url, model: 'company-model' });
    // Stored the way every earlier version stored it: Set API Key with the Default (only) profile.
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: COMPANY_KEY });
    company().script(textTurn('From the company proxy.'));
    const result = await ask('Who answers?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.equal(authorization(company()), `Bearer ${COMPANY_KEY}`);
    assert.doesNotMatch(result.footer ?? '', / via /);
  });

  it('Add Profile stores the profile and its key, makes it active and tests it; switching back restores the Default server and key', async () => {
    await configure({ baseUrl: company().url, model: 'company-model' });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: COMPANY_KEY });
    local().script(textTurn('OK'));
    const added = await vscode.commands.executeCommand<{ name: string; test?: { ok: boolean; message: string } }>('askModel.addProfile', {
      name: 'Local',
      baseUrl: local().url,
      apiKey: LOCAL_KEY,
      model: 'local-model',
    });
    assert.equal(added?.name, 'Local');
    assert.equal(added?.test?.ok, true, added?.test?.message);
    const config = vscode.workspace.getConfiguration('askModel');
    assert.equal(config.get('activeProfile'), 'Local');
    assert.deepEqual(config.get('profiles'), [{ name: 'Local', baseUrl: local().url, model: 'local-model' }]);
    assert.ok(!JSON.stringify(config.get('profiles')).includes(LOCAL_KEY), 'the key is not in settings');

    local().script(textTurn('From the local server.'));
    const fromLocal = await ask('Who answers now?');
    assert.equal(fromLocal.status, 'done', JSON.stringify(fromLocal.error));
    assert.equal(authorization(local()), `Bearer ${LOCAL_KEY}`);
    assert.match(fromLocal.footer ?? '', /model local-model via Local/);
    assert.equal((local().requests.at(-1)?.body as { model: string }).model, 'local-model');

    assert.equal(await vscode.commands.executeCommand('askModel.selectProfile', { profile: 'Default' }), 'Default');
    company().script(textTurn('Back at the company proxy.'));
    const fromCompany = await ask('And now?');
    assert.equal(fromCompany.status, 'done', JSON.stringify(fromCompany.error));
    assert.equal(authorization(company()), `Bearer ${COMPANY_KEY}`);
    assert.match(fromCompany.footer ?? '', /model company-model via Default/);
  });

  it('two profiles on one server keep two keys', async () => {
    await configure({
      baseUrl: company().url,
      model: 'company-model',
      profiles: [{ name: 'Team B', baseUrl: company().url, model: 'company-model' }],
    });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: COMPANY_KEY });
    await vscode.commands.executeCommand('askModel.selectProfile', { profile: 'Team B' });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: TEAM_B_KEY });
    company().script(textTurn('B.'), textTurn('A.'));
    assert.equal((await ask('As team B')).status, 'done');
    assert.equal(authorization(company()), `Bearer ${TEAM_B_KEY}`);
    await vscode.commands.executeCommand('askModel.selectProfile', { profile: 'Default' });
    assert.equal((await ask('As the default')).status, 'done');
    assert.equal(authorization(company()), `Bearer ${COMPANY_KEY}`);
  });

  it('Select Model writes the model into the active profile, not the top-level setting', async () => {
    await configure({ baseUrl: company().url, model: 'company-model', profiles: [{ name: 'Local', baseUrl: local().url }], activeProfile: 'Local' });
    await vscode.commands.executeCommand('askModel.selectModel', { model: 'qwen-local' });
    const config = vscode.workspace.getConfiguration('askModel');
    assert.deepEqual(config.get('profiles'), [{ name: 'Local', baseUrl: local().url, model: 'qwen-local' }]);
    assert.equal(config.get('model'), 'company-model');
  });

  it('a profile the settings do not have is an error naming the setting and the profiles there are', async () => {
    await configure({ baseUrl: company().url, model: 'company-model', profiles: [{ name: 'Local', baseUrl: local().url }], activeProfile: 'Cloud' });
    const result = await ask('Anyone?');
    assert.equal(result.status, 'error');
    assert.match(result.error?.message ?? '', /askModel\.activeProfile.*"Cloud".*"Default", "Local"/);
    assert.equal(company().requests.length + local().requests.length, 0);
  });
});

describe('profiles a team shares in the workspace’s settings, in a real extension host', function () {
  this.timeout(30_000);
  const team = useReferenceServer({ model: 'team-model' });
  const mine = useReferenceServer({ model: 'my-model' });
  useSettings();

  const TEAM_KEY = 'sk-team-shared-key-0004';
  const MY_KEY = 'sk-my-own-key-0005';
  const workspaceSettings = (values: Record<string, unknown>) =>
    Promise.all(Object.entries(values).map(([key, value]) => vscode.workspace.getConfiguration('askModel').update(key, value, vscode.ConfigurationTarget.Workspace)));

  before(activateExtension);
  beforeEach(async () => {
    await openWithSelection('hello.ts', [1, 3]);
  });
  afterEach(async () => {
    await workspaceSettings({ profiles: undefined, activeProfile: undefined, headers: undefined });
    await closeAllEditors();
  });

  it('a workspace profile adds to the user’s own, answers with the key each user sets for it, and the user’s profiles stay', async () => {
    assert.equal(vscode.workspace.isTrusted, true, 'the test workspace is trusted');
    await configure({ profiles: [{ name: 'Mine', baseUrl: mine().url, model: 'my-model' }] });
    await workspaceSettings({ profiles: [{ name: 'Team', baseUrl: team().url, model: 'team-model' }], activeProfile: 'Team' });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: TEAM_KEY });
    team().script(textTurn('From the team server.'));
    const result = await ask('Who answers?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.equal(authorization(team()), `Bearer ${TEAM_KEY}`);
    assert.match(result.footer ?? '', /model team-model via Team/);
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration('askModel').inspect('profiles')).includes(TEAM_KEY), 'the key is in no settings layer');

    assert.equal(await vscode.commands.executeCommand('askModel.selectProfile', { profile: 'Mine' }), 'Mine', 'the user’s own profile is still there');
    mine().script(textTurn('From my server.'));
    assert.equal((await ask('And now?')).status, 'done');
    assert.equal(authorization(mine()), undefined, 'no key was set for Mine, and Team’s is not sent to it');
  });

  it('a workspace profile named like a profile the user had gets none of its key, even on the same server', async () => {
    await configure({ profiles: [{ name: 'Team', baseUrl: mine().url, model: 'my-model' }], activeProfile: 'Team' });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: MY_KEY });
    // The user's profile is removed; the key stays in SecretStorage. A repository now brings a "Team" of its own.
    await configure({ profiles: undefined, activeProfile: undefined });
    await workspaceSettings({ profiles: [{ name: 'Team', baseUrl: mine().url, model: 'my-model' }], activeProfile: 'Team' });
    mine().script(textTurn('Answered without a key.'));
    const result = await ask('Which key?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.equal(authorization(mine()), undefined);
  });

  it('the user’s profile of the same name wins over the workspace’s', async () => {
    await configure({ profiles: [{ name: 'Team', baseUrl: mine().url, model: 'my-model' }] });
    await workspaceSettings({ profiles: [{ name: 'Team', baseUrl: team().url, model: 'team-model' }], activeProfile: 'Team' });
    mine().script(textTurn('From my server.'));
    assert.equal((await ask('Who answers?')).status, 'done');
    assert.equal(mine().requests.length, 1);
    assert.equal(team().requests.length, 0, 'the workspace’s Team never gets a request');
  });

  it('a workspace profile that carries a key is refused: it is not a profile, and its server gets nothing', async () => {
    await workspaceSettings({ profiles: [{ name: 'Leaky', baseUrl: team().url, model: 'team-model', headers: { Authorization: 'Bearer sk-in-the-repository' } }] });
    assert.equal(await vscode.commands.executeCommand('askModel.selectProfile', { profile: 'Leaky' }), undefined);
    await configure({ baseUrl: mine().url, model: 'my-model' });
    await workspaceSettings({ headers: { 'X-Api-Key': 'in-the-repository', 'X-Team': 'a' } });
    mine().script(textTurn('Answered.'));
    assert.equal((await ask('Which headers?')).status, 'done');
    const headers = mine().requests.at(-1)?.headers ?? {};
    assert.equal(headers['x-api-key'], undefined, 'the workspace’s headers carrying a key are not sent');
    assert.equal(headers['x-team'], undefined, 'nor the rest of that layer');
    assert.equal(team().requests.length, 0);
  });
});
