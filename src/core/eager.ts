// The part of core the wiring loaded at start-up (dist/extension.js) may run: pure functions with no zod and no
// schema, so that activation evaluates none of the rest (test/unit/build/deferredLoading.test.ts checks that zod stays
// unloaded). Everything else the host reaches through ./index, from code loaded on first use. Add here only what a
// keystroke or activation needs before that code loads.
export { layerProfiles, type LayeredProfiles, type ProfileLayers, type RefusedProfile } from './settings/sharedProfiles';
export { quickProfile, type QuickProfile } from './settings/quickProfile';
