import type { ImportedAttachment } from './attachments';
import type {
  Character,
  Chat,
  Folder,
  KnowledgeDocumentRecord,
  MemoryEntry,
  MessageContent,
  Plugin,
  Project,
  Prompt,
  UsageRecord,
  UserProfile,
} from '../entities';

/** The formats the importers read; sniffed from the content, never from the file name (IM1). */
export const importFormats = [
  'parley',
  'chatgpt',
  'claude',
  'openwebui',
  'librechat',
  'nextchat',
  'betterchatgpt',
  'chatbot-ui',
  'typingmind',
] as const;
export type ImportFormat = (typeof importFormats)[number];

/**
 * Why something in the file is not imported (IM6). Counted per reason so the preview can say
 * "12 hidden system messages" instead of listing each.
 */
export const skipReasons = [
  'hidden',
  'empty',
  'toolTraffic',
  'noMessages',
  'deleted',
  'secrets',
  'unknownContent',
  'attachmentLost',
  'alternateAnswer',
] as const;
export type SkipReason = (typeof skipReasons)[number];
export type SkipCounts = Partial<Record<SkipReason, number>>;

/** One item of the file that could not be read; the rest still imports (IM8). */
export interface ImportProblem {
  /** What the item is, in the file's own words: "conversation 3 (Trip plans)". */
  readonly item: string;
  readonly reason: string;
}

/** A message as an importer reads it, before Parley ids and times are given (IM3, IM4). */
export interface DraftMessage {
  readonly sourceId: string;
  readonly parentSourceId: string | null;
  readonly role: 'user' | 'assistant' | 'system' | 'function';
  readonly content: MessageContent;
  /** Epoch milliseconds, or null when the file has none. */
  readonly createdAt: number | null;
  readonly model?: string | null;
  readonly reasoning?: string;
  readonly name?: string;
  /** Set: the message is not imported; its children hang from its nearest kept ancestor. */
  /**
   * Why it is not imported; `structure` is a node that holds no message at all (ChatGPT's root and
   * its empty system message): left out without being counted as skipped.
   */
  readonly skip?: SkipReason | 'structure';
}

export interface DraftChat {
  readonly sourceId: string;
  readonly title: string | null;
  readonly createdAt: number | null;
  readonly updatedAt: number | null;
  readonly model?: string | null;
  readonly systemMessage?: string | null;
  /** The source id of the chat's folder (mapped like the folder's own id). */
  readonly folderSourceId?: string | null;
  readonly tags?: readonly string[];
  readonly archived?: boolean;
  readonly favorited?: boolean;
  readonly messages: readonly DraftMessage[];
  /** The leaf the source app shows; null: the newest leaf (IM4). */
  readonly visibleLeafSourceId?: string | null;
}

export interface DraftFolder {
  readonly sourceId: string;
  readonly title: string;
  readonly order?: number;
}

/** Everything one file gave, as Parley records, plus what was skipped and why. */
export interface ImportResult {
  readonly format: ImportFormat;
  readonly chats: Chat[];
  readonly folders: Folder[];
  /** Parley's own export only (decision 0104). */
  readonly projects?: Project[];
  /** Parley's own export only (decision 0131): the bytes come as attachments. */
  readonly knowledgeDocuments?: KnowledgeDocumentRecord[];
  readonly prompts: Prompt[];
  readonly characters: Character[];
  readonly plugins: Plugin[];
  /** Parley's own export only: the user's profiles, memory entries and usage history (IM33). */
  readonly profiles?: UserProfile[];
  readonly memory?: MemoryEntry[];
  readonly usage?: UsageRecord[];
  /** Parley's own export only: the synced settings sections as exported. */
  readonly settings: Record<string, unknown> | null;
  /** IM32: Parley's own export zip only: attachments with their bytes. */
  readonly attachments?: readonly ImportedAttachment[];
  readonly skipped: SkipCounts;
  readonly problems: ImportProblem[];
}

/** A file from a zip or the picked file itself, already decoded as JSON (or left as text). */
export interface ImportFile {
  readonly name: string;
  readonly json: unknown;
}

export function countSkip(counts: SkipCounts, reason: SkipReason, by = 1): void {
  counts[reason] = (counts[reason] ?? 0) + by;
}
