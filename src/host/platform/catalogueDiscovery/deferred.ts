// Asking a server what it says about its models (core's discoverCatalogue: /v1/models and the richer endpoints, each
// with its parser), loaded only when a catalogue is first discovered (the model picker, Test Connection, VS Code's
// model list), not with every run: a request reads only what is already known. Reached through lazy.ts's
// `loadDeferred.catalogueDiscovery()`, which extension.ts hands to the platform.
import { discoverServerModels } from '../../../core';

export { discoverServerModels };
