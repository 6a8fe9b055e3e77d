// The loader of what activation defers to first use. Each part of the host that is not wiring (the platform's services, each
// feature's implementation) is its own file in dist/ (esbuild.js makes one per `deferred.ts`, and puts the code two
// parts share in a file of its own), and the first command, view or request that needs a part require()s it through
// `loadDeferred`, never a static import from the code activation runs (esbuild.js fails such a build, and only the
// register… files and extension.ts may import this loader: a lint rule). This loader and extension.ts are the only
// host files that know every part.
import * as vscode from 'vscode';
import type * as AskPart from './features/ask/deferred';
import type * as ChatPart from './features/chat/deferred';
import type * as ChatTransferPart from './features/chat/transfer/deferred';
import type * as CommitPart from './features/commit/deferred';
import type * as CompletionsPart from './features/completions/deferred';
import type * as EditSelectionPart from './features/editSelection/deferred';
import type * as LanguageModelsPart from './features/languageModels/deferred';
import type * as ProfilesPart from './features/profiles/deferred';
import type * as ToolsPart from './features/tools/deferred';
import type * as ToolsCommandsPart from './features/tools/commands/deferred';
import type * as CatalogueDiscoveryPart from './platform/catalogueDiscovery/deferred';
import type * as PlatformPart from './platform/deferred';
import type * as TokenCountingPart from './platform/tokenCounting/deferred';

// The parts are ES modules. The host hands `vscode` only to the CommonJS code it loads as an extension's (each
// extension its own API), and patches Node's modules (proxies, certificates) for `require`, not for `import`: so the
// wiring leaves its API and its `require` where the parts find them, keyed by the dist/ folder both sit under
// (esbuild.js, hostModulesFromWiring). Done when this loader loads, before any part can.
(globalThis as Record<symbol, unknown>)[Symbol.for(`ask-model.wiring:${__dirname}`)] = { vscode, require };

/**
 * Each deferred part, imported on its first call (esbuild points each `import()` at that part's file in dist/deferred/;
 * TypeScript's Node16 resolution wants the `.js`, esbuild finds the .ts); later calls get the same exports.
 */
export const loadDeferred = {
  platform: (): Promise<typeof PlatformPart> => import('./platform/deferred.js'),
  catalogueDiscovery: (): Promise<typeof CatalogueDiscoveryPart> => import('./platform/catalogueDiscovery/deferred.js'),
  tokenCounting: (): Promise<typeof TokenCountingPart> => import('./platform/tokenCounting/deferred.js'),
  ask: (): Promise<typeof AskPart> => import('./features/ask/deferred.js'),
  editSelection: (): Promise<typeof EditSelectionPart> => import('./features/editSelection/deferred.js'),
  chat: (): Promise<typeof ChatPart> => import('./features/chat/deferred.js'),
  chatTransfer: (): Promise<typeof ChatTransferPart> => import('./features/chat/transfer/deferred.js'),
  completions: (): Promise<typeof CompletionsPart> => import('./features/completions/deferred.js'),
  commit: (): Promise<typeof CommitPart> => import('./features/commit/deferred.js'),
  languageModels: (): Promise<typeof LanguageModelsPart> => import('./features/languageModels/deferred.js'),
  profiles: (): Promise<typeof ProfilesPart> => import('./features/profiles/deferred.js'),
  tools: (): Promise<typeof ToolsPart> => import('./features/tools/deferred.js'),
  toolsCommands: (): Promise<typeof ToolsCommandsPart> => import('./features/tools/commands/deferred.js'),
};
