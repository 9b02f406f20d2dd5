import { z } from 'zod/mini';
import type { Clock, IdGenerator } from '../platform';
import { isoNow } from '../platform';
import { defineEntity, schemaVersionField } from './entity-parser';
import { currentModelIdOf } from './retired-values';
import { optionalTimestampField, timestampField } from './timestamps';

/**
 * A project (decision 0104): a named group of chats with its own instructions, default model or
 * agent and knowledge base. Every chat whose `projectId` names it gets its instructions in the
 * request (chat SPEC SC8); a new chat made in it starts with its default model or agent (EN27).
 * Synced whole, last writer wins (MG7), like folders.
 */
export const PROJECT_SCHEMA_VERSION = 1;

/** EN26: longer names are cut, not refused (a synced or imported project still loads). */
export const PROJECT_NAME_MAX_LENGTH = 120;
/** EN26: instructions are sent with every chat of the project; 100,000 characters is plenty. */
export const PROJECT_INSTRUCTIONS_MAX_LENGTH = 100_000;

const cut = (max: number) =>
  z._default(
    z.pipe(
      z.string(),
      z.transform((text: string) => (text.length > max ? text.slice(0, max) : text)),
    ),
    '',
  );
const optionalId = z._default(z.nullable(z.string().check(z.minLength(1))), null);

const projectShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  name: cut(PROJECT_NAME_MAX_LENGTH),
  /** Told to the model in every chat of the project (SC8); empty: nothing is added. */
  instructions: cut(PROJECT_INSTRUCTIONS_MAX_LENGTH),
  /** A model id as chats store it (`Chat.model`); null: the app's default model. */
  defaultModel: optionalId,
  /** An agent (character) id new chats in the project start with; null: none. */
  defaultAgentId: optionalId,
  /** Position among projects in the sidebar, ascending. */
  order: z._default(z.number(), 0),
  createdAt: timestampField,
  updatedAt: timestampField,
  /** Set when the project is archived: it and its chats leave the Chats view, nothing is deleted. */
  archivedAt: optionalTimestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const ProjectSchema = z.object(projectShape);
export type Project = z.infer<typeof ProjectSchema>;

export const projectEntity = defineEntity({
  name: 'project',
  version: PROJECT_SCHEMA_VERSION,
  shape: projectShape,
  keepUnknownFields: true,
  // A retired model id still names a model a chat can use (EN7).
  normalize: (raw) =>
    typeof raw.defaultModel === 'string' ? { ...raw, defaultModel: currentModelIdOf(raw.defaultModel) } : raw,
});

export const parseProject = projectEntity.parse;
export const safeParseProject = projectEntity.safeParse;

export const PROJECT_ID_PREFIX = 'project-';

export function newProjectId(ids: IdGenerator): string {
  return `${PROJECT_ID_PREFIX}${ids.randomId()}`;
}

/** A fresh project with a `project-` id, stamped now. */
export function newProject(fields: Partial<Project>, deps: { clock: Clock; ids: IdGenerator }): Project {
  const now = isoNow(deps.clock);
  return parseProject({ createdAt: now, updatedAt: now, ...fields, id: fields.id ?? newProjectId(deps.ids) });
}

/**
 * EN27: what a chat started in the project begins with: its default agent, else its default model,
 * else nothing of its own (the app's defaults apply).
 */
export function projectChatDefaults(project: Pick<Project, 'id' | 'defaultModel' | 'defaultAgentId'>): {
  projectId: string;
  model?: string;
  agentId?: string;
} {
  return {
    projectId: project.id,
    ...(project.defaultModel ? { model: project.defaultModel } : {}),
    ...(project.defaultAgentId ? { agentId: project.defaultAgentId } : {}),
  };
}
