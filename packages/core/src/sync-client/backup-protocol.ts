import { z } from 'zod/mini';
import {
  CharacterItemSchema,
  ChatItemSchema,
  FolderItemSchema,
  KnowledgeDocumentItemSchema,
  PluginItemSchema,
  ProjectItemSchema,
  PromptItemSchema,
  UserSettingsSectionsSchema,
} from '../sync';

/**
 * Manual cloud backup (spec section 2, "manual backup"): the server keeps one snapshot per user of
 * everything it holds for them, taken on request; restoring merges it into the local data by the
 * sync merge rules (SC20). Shared by the server routes and the client.
 */
export const BACKUP_PATHS = {
  create: '/api/backups',
  latest: '/api/backups/latest',
  /** SY12: the scheduled backups (GET), and one of them at `${history}/${id}`. */
  history: '/api/backups/history',
} as const;

const list = <T extends z.core.$ZodType>(item: T) => z._default(z.array(item), () => []);

/** The snapshot: live records only (a backup brings things back, it never deletes). */
export const BackupDataSchema = z.object({
  chats: list(ChatItemSchema),
  folders: list(FolderItemSchema),
  projects: list(ProjectItemSchema),
  knowledgeDocuments: list(KnowledgeDocumentItemSchema),
  prompts: list(PromptItemSchema),
  characters: list(CharacterItemSchema),
  plugins: list(PluginItemSchema),
  userSettings: z._default(UserSettingsSectionsSchema, () => ({})),
});
export type BackupData = z.output<typeof BackupDataSchema>;

export const BackupInfoSchema = z.object({
  createdAt: z.string(),
  sizeBytes: z.number().check(z.int(), z.nonnegative()),
  counts: z.object({
    chats: z.number().check(z.int(), z.nonnegative()),
    folders: z.number().check(z.int(), z.nonnegative()),
    // Backups taken before projects have none (decision 0104).
    projects: z._default(z.number().check(z.int(), z.nonnegative()), 0),
    // Backups taken before knowledge documents synced have none (decision 0131).
    knowledgeDocuments: z._default(z.number().check(z.int(), z.nonnegative()), 0),
    prompts: z.number().check(z.int(), z.nonnegative()),
    characters: z.number().check(z.int(), z.nonnegative()),
    plugins: z.number().check(z.int(), z.nonnegative()),
  }),
});
export type BackupInfo = z.output<typeof BackupInfoSchema>;

export const CreateBackupResponseSchema = z.object({ backup: BackupInfoSchema });

export const LatestBackupResponseSchema = z.object({
  backup: z.nullable(z.extend(BackupInfoSchema, { data: BackupDataSchema })),
});
export type LatestBackup = NonNullable<z.output<typeof LatestBackupResponseSchema>['backup']>;

/** SY12: scheduled point-in-time backups, newest first. */
export const BackupHistoryResponseSchema = z.object({
  backups: z.array(z.extend(BackupInfoSchema, { id: z.string().check(z.minLength(1)) })),
});
export type ScheduledBackup = z.output<typeof BackupHistoryResponseSchema>['backups'][number];
