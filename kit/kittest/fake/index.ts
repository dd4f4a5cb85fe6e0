// Stand-in public index: the authoring helpers tests need.
export { defineObject, exactKeys, record, requirePayload, ObjectActionError, jsonData } from './api.js';
export type { ObjectDefinition, ProjectDefinition } from './api.js';
import type { ProjectDefinition } from './api.js';
export const PROJECT_OBJECT_LIMIT = 16;
export function defineProject(project: ProjectDefinition): ProjectDefinition {
  return project;
}
