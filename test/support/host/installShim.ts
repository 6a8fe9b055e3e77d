// Imported first by a host adapter's unit test, before any module of src/host: from here on `require('vscode')` is
// the shim (test/support/vscodeShim.ts), and the deferred parts load by require, as the host's modules load after
// VS Code. ES imports are evaluated in order, so every import after this one sees the shim.
import { installVscodeShim, requireDeferredParts } from '../vscodeShim';

installVscodeShim();
requireDeferredParts();
