import type {
  Attachment,
  Character,
  Chat,
  Folder,
  KnowledgeDocumentRecord,
  MemoryEntry,
  Message,
  Plugin,
  Project,
  Prompt,
  UsageRecord,
  UserProfile,
} from '../entities';
import { messageText } from '../entities';
import type { SettingEntry, StorageArea } from '../storage';
import type { ExportCategory } from './parley';
import { PARLEY_EXPORT_FORMAT } from './sniff';

export const PARLEY_EXPORT_VERSION = 1;
export const PARLEY_EXPORT_FILE = 'parley-export.json';

/**
 * IM33: every kind of data the app keeps (each storage area) and where an export carries it: the
 * category that includes it and its key under `data`. Typed by the storage areas, so a new kind of
 * data does not compile until it has a place here; the round-trip test exports and imports one record
 * of every area listed, so a place that is not really written or read fails it.
 */
export const EXPORTED_AREAS = {
  chats: { category: 'chats', key: 'chats' },
  folders: { category: 'folders', key: 'folders' },
  // Projects organise chats as folders do, and travel with them (decision 0104).
  projects: { category: 'folders', key: 'projects' },
  // A knowledge document's record goes with the projects; its bytes are an attachment (decision 0131).
  knowledgeDocuments: { category: 'folders', key: 'knowledgeDocuments' },
  prompts: { category: 'prompts', key: 'prompts' },
  characters: { category: 'agents', key: 'characters' },
  plugins: { category: 'plugins', key: 'plugins' },
  profiles: { category: 'profile', key: 'profiles' },
  memory: { category: 'profile', key: 'memory' },
  usage: { category: 'usage', key: 'usage' },
  attachments: { category: 'attachments', key: 'attachments' },
  settings: { category: 'settings', key: 'settings' },
} as const satisfies Record<StorageArea, { category: ExportCategory; key: string }>;

export interface ExportSource {
  chats: readonly Chat[];
  folders: readonly Folder[];
  projects: readonly Project[];
  knowledgeDocuments?: readonly KnowledgeDocumentRecord[];
  prompts: readonly Prompt[];
  characters: readonly Character[];
  plugins: readonly Plugin[];
  settings: readonly SettingEntry[];
  profiles?: readonly UserProfile[];
  memory?: readonly MemoryEntry[];
  usage?: readonly UsageRecord[];
  /** IM32: attachment metadata; the bytes go into the zip beside the file (`attachments/<id>`). */
  attachments?: readonly Attachment[];
}

/**
 * IM30: Parley's export file. Records are written as stored (ids, timestamps, unknown fields), so
 * importing it and exporting again gives the same bytes. Example chats are left out.
 */
export function buildParleyExport(
  source: ExportSource,
  categories: readonly ExportCategory[],
  exportedAt: string,
) {
  const has = (c: ExportCategory) => categories.includes(c);
  return {
    format: PARLEY_EXPORT_FORMAT,
    version: PARLEY_EXPORT_VERSION,
    exportedAt,
    categories: [...categories],
    data: {
      chats: has('chats') ? source.chats.filter((c) => !c.isExample) : [],
      folders: has('folders') ? [...source.folders] : [],
      projects: has('folders') ? [...source.projects] : [],
      knowledgeDocuments: has('folders') ? [...(source.knowledgeDocuments ?? [])] : [],
      prompts: has('prompts') ? [...source.prompts] : [],
      characters: has('agents') ? [...source.characters] : [],
      plugins: has('plugins') ? [...source.plugins] : [],
      profiles: has('profile') ? [...(source.profiles ?? [])] : [],
      memory: has('profile') ? [...(source.memory ?? [])] : [],
      usage: has('usage') ? [...(source.usage ?? [])] : [],
      settings: has('settings') ? { entries: [...source.settings] } : null,
      attachments: has('attachments') ? [...(source.attachments ?? [])] : [],
    },
  };
}

/** The path the user sees: from the selected leaf (or the newest message) up to the root. */
export function visiblePath(chat: Chat): Message[] {
  const live = chat.messages.filter((m) => !m.deletedAt);
  const byId = new Map(live.map((m) => [m.id, m]));
  const leafId = chat.selectedPath?.leafId;
  let node = (leafId ? byId.get(leafId) : undefined) ?? live.at(-1);
  const path: Message[] = [];
  const seen = new Set<string>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    path.push(node);
    node = node.parentId ? byId.get(node.parentId) : undefined;
  }
  return path.reverse();
}

const roleTitle: Record<Message['role'], string> = {
  user: 'User',
  assistant: 'Assistant',
  system: 'System',
  function: 'Tool',
  tool: 'Tool',
};

/** IM31: one chat as Markdown: the title, the model, then the visible path. */
export function chatToMarkdown(chat: Chat): string {
  const lines = [`# ${chat.chatTitle}`, '', `Model: ${chat.model} · ${chat.createdAt}`, ''];
  if (chat.systemMessage) lines.push('## System', '', chat.systemMessage, '');
  for (const message of visiblePath(chat)) {
    if (message.contextBoundary) continue;
    const text = messageText(message);
    if (!text) continue;
    lines.push(
      `## ${roleTitle[message.role]}${message.model && message.role === 'assistant' ? ` (${message.model})` : ''}`,
      '',
      text,
      '',
    );
  }
  return lines.join('\n');
}
