import {
  characterEntity,
  folderEntity,
  knowledgeDocumentEntity,
  memoryEntryEntity,
  pluginEntity,
  projectEntity,
  promptEntity,
  userProfileEntity,
} from '../entities';
import type { Clock, IdGenerator } from '../platform';
import { randomIdGenerator, systemClock } from '../platform';
import { createAttachmentRepository } from './attachment-repository';
import { createChatRepository } from './chat-repository';
import type { RecordEngine } from './record-engine';
import { createRecordRepository } from './record-repository';
import { createSettingsRepository } from './settings-repository';
import type { StorageIssueListener, StoragePort } from './storage-port';
import { StoreContext } from './store-context';
import { createUsageRepository } from './usage-repository';

export interface RecordStoreOptions {
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
  /** Told about stored values that did not parse cleanly (the app shows a toast). */
  readonly onIssue?: StorageIssueListener;
}

/** Builds the StoragePort over any record engine (IndexedDB, localStorage or memory). */
export function createRecordStore(engine: RecordEngine, options: RecordStoreOptions = {}): StoragePort {
  const ctx = new StoreContext(
    engine,
    options.clock ?? systemClock,
    options.ids ?? randomIdGenerator,
    options.onIssue,
  );
  const stopWatching = engine.watch?.((change) => ctx.emit({ ...change, origin: 'remote' }));
  return {
    backend: engine.kind,
    chats: createChatRepository(ctx),
    folders: createRecordRepository(ctx, 'folders', folderEntity),
    projects: createRecordRepository(ctx, 'projects', projectEntity),
    knowledgeDocuments: createRecordRepository(ctx, 'knowledgeDocuments', knowledgeDocumentEntity),
    prompts: createRecordRepository(ctx, 'prompts', promptEntity),
    characters: createRecordRepository(ctx, 'characters', characterEntity),
    plugins: createRecordRepository(ctx, 'plugins', pluginEntity),
    profiles: createRecordRepository(ctx, 'profiles', userProfileEntity),
    memory: createRecordRepository(ctx, 'memory', memoryEntryEntity),
    usage: createUsageRepository(ctx),
    attachments: createAttachmentRepository(ctx),
    settings: createSettingsRepository(ctx),
    onChange: (listener) => ctx.subscribe(listener),
    ...(engine.packSummaries && {
      packSummaries: (packOptions) =>
        ctx.read('pack the chat summaries', () => engine.packSummaries!(packOptions)),
    }),
    async close() {
      stopWatching?.();
      await engine.close();
    },
  };
}
