/**
 * `@scape/sdk`: the authoring contract (SDK 0.1.0), exactly the published export index. One module
 * per reference page; modules may export internal helpers, which stay out of this entry.
 * `@scape/sdk/runtime` (./runtime.ts) is the host and test entry.
 */
export { actorId, defineObject, defineProject, exactKeys, jsonData, localObjectRandomInt, ObjectActionError, objectId, PROJECT_OBJECT_LIMIT, record, requirePayload } from './api.js';
export type { ObjectAction, ObjectChoice, ObjectConfiguration, ObjectContext, ObjectControl, ObjectDefinition, ObjectField, ObjectInstance, ObjectView, ObjectViewer, ProjectDefinition, TypedObjectDefinition, DefinitionState } from './api.js';
export { axisQuaternion, multiplyQuaternion, slerpQuaternion, validateGizmoModel, validGizmoPresentation, validGizmoTimeline } from './presentation.js';
export type { GizmoFrame, GizmoLabelFrame, GizmoPresentation, GizmoTimeline, Quaternion } from './presentation.js';
export { encodeGizmoWav, GIZMO_AUDIO_MAX_BYTES, gizmoAmbienceError, gizmoAudioError, gizmoSoundsError, readGizmoSound, renderGizmoSound, validGizmoAmbience } from './audio.js';
export type { GizmoAmbience, GizmoAudioCommand, GizmoAudioTimeline, GizmoPlaylistAmbience, GizmoSequenceAmbience, GizmoSound, GizmoSoundChoice, GizmoSounds } from './audio.js';
export { GIZMO_SOUND_RATE, gizmoSynthError, renderGizmoSynth } from './synthesis.js';
export type { GizmoSoundEffect, GizmoSoundEnvelope, GizmoSoundFilter, GizmoSoundPoint, GizmoSoundSamples, GizmoSoundVoice, GizmoSynth } from './synthesis.js';
export { gizmoPartialsError, renderGizmoPartials } from './partials.js';
export type { GizmoAmplitude, GizmoPartialLayer, GizmoPartialsSound, GizmoSignalStage } from './partials.js';
export { gizmoBusError, gizmoSequenceError } from './sequence.js';
export type { GizmoAudioBus, GizmoSequence, GizmoSequenceContext, GizmoSequenceStep } from './sequence.js';
export { validGizmoConfiguration } from './configuration.js';
export type { GizmoConfiguration } from './configuration.js';
export { gizmoTravelError, resolveGizmoTravel, travelExitOffsets, validGizmoLink } from './travel.js';
export type { GizmoEnvironment, GizmoLink, GizmoTravel } from './travel.js';
export { gizmoFeedbackError, resolveGizmoReaction, validGizmoInteraction } from './reaction.js';
export type { GizmoFeedback, GizmoInteraction, GizmoReaction, GizmoReactionContext } from './reaction.js';
export { gizmoGlowError, gizmoGlowFrame, validGizmoGlow } from './glow.js';
export type { GizmoGlow } from './glow.js';
export { gizmoLightError } from './light.js';
export type { GizmoLight, GizmoLightColor, GizmoLightPattern } from './light.js';
export { gizmoLightingError, resolveGizmoLighting } from './lighting.js';
export type { GizmoLightingState } from './lighting.js';
export { gizmoNavigationError, resolveGizmoNavigation, validGizmoWorldDestination, validGizmoWorldEditor, validGizmoWorldId } from './navigation.js';
export type { GizmoNavigation, GizmoWorldDestination, GizmoWorldEditor } from './navigation.js';
export { gizmoNoiseSoundError, renderGizmoNoise } from './noiseSound.js';
export type { GizmoNoiseSound } from './noiseSound.js';
export { gizmoPreviewError, resolveGizmoSounds } from './soundBank.js';
export type { GizmoPreview } from './soundBank.js';
export { gizmoPushError, resolveGizmoPush } from './push.js';
export type { GizmoPush } from './push.js';
export { gizmoSpriteAnimationError, gizmoSpriteError, resolveGizmoSprite, spriteAnimationFrame } from './sprite.js';
export type { GizmoSpriteAnimation, GizmoSpriteFill, GizmoSpriteFrame, GizmoSpriteRecipe, GizmoSpriteShape } from './sprite.js';
export { gizmoStepError, resolveGizmoStep, validateGizmoSteps } from './step.js';
export type { GizmoStepEffects, GizmoStepEvent } from './step.js';
export { gizmoWorldText, validGizmoTextEditor, validGizmoWorldText } from './text.js';
export type { GizmoTextEditor } from './text.js';
export { validObjectView } from './view.js';
