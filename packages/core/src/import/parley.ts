import {
  safeParseCharacter,
  safeParseChat,
  safeParseFolder,
  safeParseKnowledgeDocument,
  safeParseMemoryEntry,
  safeParsePlugin,
  safeParsePrompt,
  safeParseProject,
  safeParseUsageRecord,
  safeParseUserProfile,
} from '../entities';
import type {
  Character,
  Chat,
  Folder,
  KnowledgeDocumentRecord,
  MemoryEntry,
  Plugin,
  Project,
  Prompt,
  SafeParseResult,
  UsageRecord,
  UserProfile,
} from '../entities';
import type { ImportProblem } from './types';
import { arr, isObj } from './values';
import type { Obj } from './values';

/** The categories an export can hold; the zip names them in `categories` (IM30). */
export const exportCategories = [
  'chats',
  'folders',
  'prompts',
  'agents',
  'plugins',
  'profile',
  'usage',
  'settings',
  'attachments',
] as const;
export type ExportCategory = (typeof exportCategories)[number];

export interface ParleyData {
  chats: Chat[];
  folders: Folder[];
  projects: Project[];
  knowledgeDocuments: KnowledgeDocumentRecord[];
  prompts: Prompt[];
  characters: Character[];
  plugins: Plugin[];
  profiles: UserProfile[];
  memory: MemoryEntry[];
  usage: UsageRecord[];
  settings: Record<string, unknown> | null;
}

/** One record of a Parley export, parsed; one that does not parse is a problem naming it. */
export function parseRecord<T>(
  raw: unknown,
  index: number,
  kind: string,
  parse: (raw: unknown) => SafeParseResult<T>,
  problems: ImportProblem[],
): T | null {
  const result = parse(raw);
  if (result.success) return result.data;
  problems.push({
    item: `${kind} ${index + 1}`,
    reason: result.issues.map((i) => `${i.path || 'record'}: ${i.message}`).join('; '),
  });
  return null;
}

function parseAll<T>(
  list: unknown,
  kind: string,
  parse: (raw: unknown) => SafeParseResult<T>,
  problems: ImportProblem[],
): T[] {
  const out: T[] = [];
  (arr(list) ?? []).forEach((raw, index) => {
    const record = parseRecord(raw, index, kind, parse, problems);
    if (record !== null) out.push(record);
  });
  return out;
}

/** One chat of a Parley export's `data.chats` (the streaming reader's, decision 0153). */
export const parseParleyChat = (raw: unknown, index: number, problems: ImportProblem[]): Chat | null =>
  parseRecord(raw, index, 'chat', safeParseChat, problems);

/** How many chats name each project (IM35), counted as chats are read. */
export function countProjectRefs(
  chats: Iterable<Chat>,
  into = new Map<string, number>(),
): Map<string, number> {
  for (const chat of chats)
    if (chat.projectId !== null) into.set(chat.projectId, (into.get(chat.projectId) ?? 0) + 1);
  return into;
}

/**
 * Parley's own export (IM24): records keep their ids and timestamps, so exporting what was
 * imported gives the same bytes; each record is parsed (repaired, unknown fields kept).
 */
export function readParley(
  json: Obj,
  problems: ImportProblem[],
  /** The chats' project references when the chats were streamed apart (decision 0153). */
  streamedProjectRefs?: ReadonlyMap<string, number>,
): ParleyData {
  // A full export nests the records under `data`; a chat-selection export has `chats` at the top.
  const data = isObj(json.data) ? json.data : json;
  const chats = parseAll(data.chats, 'chat', safeParseChat, problems);
  const projects = parseAll(data.projects, 'project', safeParseProject, problems);
  reportUnknownProjects(streamedProjectRefs ?? countProjectRefs(chats), projects, problems);
  return {
    chats,
    folders: parseAll(data.folders, 'folder', safeParseFolder, problems),
    projects,
    knowledgeDocuments: parseAll(
      data.knowledgeDocuments,
      'knowledge document',
      safeParseKnowledgeDocument,
      problems,
    ),
    prompts: parseAll(data.prompts, 'prompt', safeParsePrompt, problems),
    characters: parseAll(data.characters, 'agent', safeParseCharacter, problems),
    plugins: parseAll(data.plugins, 'plugin', safeParsePlugin, problems),
    profiles: parseAll(data.profiles, 'profile', safeParseUserProfile, problems),
    memory: parseAll(data.memory, 'memory entry', safeParseMemoryEntry, problems),
    usage: parseAll(data.usage, 'usage record', safeParseUsageRecord, problems),
    settings: isObj(data.settings) ? data.settings : null,
  };
}

/**
 * IM35: a chat naming a project the file does not hold keeps the link (the project may be on this
 * device already, or arrive by sync) and is said so: until the project is here, the chat shows
 * outside any project. One line per project, not per chat.
 */
function reportUnknownProjects(
  projectRefs: ReadonlyMap<string, number>,
  projects: readonly Project[],
  problems: ImportProblem[],
) {
  const known = new Set(projects.map((project) => project.id));
  for (const [id, count] of projectRefs) {
    if (known.has(id)) continue;
    problems.push({
      item: `project ${id}`,
      reason: `${String(count)} chat(s) name this project, which the file does not hold; they keep it and show outside projects until it is on this device`,
    });
  }
}
