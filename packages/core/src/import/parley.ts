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

function parseAll<T>(
  list: unknown,
  kind: string,
  parse: (raw: unknown) => SafeParseResult<T>,
  problems: ImportProblem[],
): T[] {
  const out: T[] = [];
  (arr(list) ?? []).forEach((raw, index) => {
    const result = parse(raw);
    if (result.success) out.push(result.data);
    else
      problems.push({
        item: `${kind} ${index + 1}`,
        reason: result.issues.map((i) => `${i.path || 'record'}: ${i.message}`).join('; '),
      });
  });
  return out;
}

/**
 * Parley's own export (IM24): records keep their ids and timestamps, so exporting what was
 * imported gives the same bytes; each record is parsed (repaired, unknown fields kept).
 */
export function readParley(json: Obj, problems: ImportProblem[]): ParleyData {
  // A full export nests the records under `data`; a chat-selection export has `chats` at the top.
  const data = isObj(json.data) ? json.data : json;
  const chats = parseAll(data.chats, 'chat', safeParseChat, problems);
  const projects = parseAll(data.projects, 'project', safeParseProject, problems);
  reportUnknownProjects(chats, projects, problems);
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
  chats: readonly Chat[],
  projects: readonly Project[],
  problems: ImportProblem[],
) {
  const known = new Set(projects.map((project) => project.id));
  const missing = new Map<string, number>();
  for (const chat of chats) {
    if (chat.projectId !== null && !known.has(chat.projectId))
      missing.set(chat.projectId, (missing.get(chat.projectId) ?? 0) + 1);
  }
  for (const [id, count] of missing) {
    problems.push({
      item: `project ${id}`,
      reason: `${String(count)} chat(s) name this project, which the file does not hold; they keep it and show outside projects until it is on this device`,
    });
  }
}
