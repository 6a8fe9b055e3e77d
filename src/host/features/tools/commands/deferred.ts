// run_command's runner, loaded on the model's first command (its own file in dist/, see esbuild.js) and reached only
// through lazy.ts's `loadDeferred.toolsCommands()`: the shell grammar, the rule matcher's tables and the process
// handling are not loaded by Edit Selection or by a chat that only reads and edits.
export { runCommand } from '../commandTools';
