// Stand-in runtime entry: a registry with create/act/view.
import type { ObjectDefinition, ObjectInstance, ObjectAction, ObjectContext } from './api.js';
import { callAuthor } from './internal/call.js';

export const OBJECT_STATE_BYTE_LIMIT = 32768;

export class ObjectRegistry {
  private definitions: ObjectDefinition[];
  constructor(definitions: readonly ObjectDefinition[]) {
    this.definitions = [...definitions];
  }
  all(): ObjectDefinition[] {
    return [...this.definitions];
  }
  forEmoji(emoji: string): ObjectDefinition | undefined {
    return this.definitions.find((d) => d.emoji === emoji);
  }
  definition(instance: ObjectInstance): ObjectDefinition {
    const def = this.definitions.find((d) => d.type === instance.type);
    if (!def) throw new Error(`unknown type ${instance.type}`);
    return def;
  }
  validate(value: unknown): value is ObjectInstance {
    const inst = value as ObjectInstance;
    const def = this.definitions.find((d) => d.type === inst.type && d.version === inst.version);
    return !!def && callAuthor(def, 'valid', def.valid, inst.state) === true;
  }
  create(emoji: string, id: string): ObjectInstance | undefined {
    const def = this.forEmoji(emoji);
    if (!def) return undefined;
    return { id, type: def.type, version: def.version, state: callAuthor(def, 'initial', def.initial) };
  }
  act(instance: ObjectInstance, action: ObjectAction, context: ObjectContext): ObjectInstance {
    const def = this.definition(instance);
    const handler = def.actions[action.name];
    if (!handler) throw new Error(`unknown action ${action.name}`);
    const state = callAuthor(def, 'run', handler.run, instance.state, action.payload, context);
    if (callAuthor(def, 'valid', def.valid, state) !== true) throw new Error('invalid resulting state');
    return { ...instance, state };
  }
}
