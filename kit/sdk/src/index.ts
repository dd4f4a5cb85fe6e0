/**
 * `@scape/sdk`: the authoring contract (SDK 0.1.0). One module per reference page; this entry
 * re-exports them all. `@scape/sdk/runtime` (./runtime.ts) is the host and test entry.
 */
export * from './api.js';
export * from './view.js';
export * from './push.js';
export * from './reaction.js';
export * from './presentation.js';
export * from './text.js';
export * from './audio.js';
export * from './glow.js';
export * from './synthesis.js';
export * from './sequence.js';
export * from './noiseSound.js';
export * from './light.js';
export * from './lighting.js';
export * from './step.js';
export * from './partials.js';
export * from './configuration.js';
export * from './soundBank.js';
export * from './sprite.js';
export * from './travel.js';
export * from './navigation.js';
