import { withOwnCharacterId, type Chat } from '../entities';
import type { RecordRepository, SettingEntry, StoragePort } from '../storage';
import { canonicalJson, mergeChat, mergeRecord } from '../sync';
import type { SyncRecord } from '../sync';
import { PackedChats } from './packed-chats';
import type { PackedImport } from './summary';
import type { ImportResult } from './types';

export interface ApplyProgress {
  readonly done: number;
  readonly total: number;
}

export interface ApplyOptions {
  /** Records per transaction: small enough that each write leaves the page responsive (IM27). */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  onProgress?(progress: ApplyProgress): void;
}

export interface ApplyReport {
  readonly added: number;
  readonly updated: number;
  readonly unchanged: number;
}

/**
 * IM25: how one imported chat meets the local one. Absent: added. Present: merged by the sync
 * rules (MG1–MG12), so a chat newer here keeps its own title, folder and selection and only gains
 * messages it did not have. Foreign formats bring only messages whose ids are new (their times are
 * made up where the file has none, and must not count as edits). Nothing new: unchanged (IM5).
 */
export function mergeImportedChat(local: Chat | undefined, imported: Chat, foreign: boolean): Chat | null {
  if (!local) return imported;
  const localIds = new Set(local.messages.map((m) => m.id));
  const incoming = foreign
    ? { ...imported, messages: imported.messages.filter((m) => !localIds.has(m.id)) }
    : imported;
  if (foreign && incoming.messages.length === 0) return null;
  const merged = mergeChat(local, incoming);
  return canonicalJson(merged) === canonicalJson(local) ? null : merged;
}

function mergeImportedRecord<T extends SyncRecord>(
  local: T | undefined,
  imported: T,
  foreign: boolean,
): T | null {
  if (!local) return imported;
  if (foreign) return null;
  const merged = mergeRecord(local, imported);
  return canonicalJson(merged) === canonicalJson(local) ? null : merged;
}

/** Records to write, read a batch at a time: a list, or packed chats (decision 0077). */
interface RecordSource<T> {
  readonly length: number;
  ids(start: number, end: number): string[];
  records(start: number, end: number): T[];
}

const listSource = <T extends SyncRecord>(list: readonly T[]): RecordSource<T> => ({
  length: list.length,
  ids: (start, end) => list.slice(start, end).map((record) => record.id),
  records: (start, end) => list.slice(start, end),
});

/** Thrown between batches when the user cancels; what was written before stays (IM26). */
export class ImportCancelledError extends Error {
  constructor() {
    super('The import was cancelled');
    this.name = 'ImportCancelledError';
  }
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ImportCancelledError();
}

/**
 * Writes an import through the storage port in batches (IM26, IM27): each batch is one
 * transaction, progress after each, cancel between batches (what was written stays, and a second
 * import completes it without duplicates).
 */
export async function applyImport(
  store: StoragePort,
  result: ImportResult | PackedImport,
  options: ApplyOptions = {},
): Promise<ApplyReport> {
  const batchSize = options.batchSize ?? 200;
  const foreign = result.format !== 'parley';
  const total =
    result.chats.length +
    result.folders.length +
    (result.projects?.length ?? 0) +
    (result.knowledgeDocuments?.length ?? 0) +
    result.prompts.length +
    result.characters.length +
    result.plugins.length +
    (result.profiles?.length ?? 0) +
    (result.memory?.length ?? 0);
  let done = 0;
  const report = { added: 0, updated: 0, unchanged: 0 };
  async function writeAll<T extends SyncRecord>(
    repo: RecordRepository<T>,
    records: RecordSource<T>,
    merge: (local: T | undefined, imported: T) => T | null,
  ) {
    for (let start = 0; start < records.length; start += batchSize) {
      checkAbort(options.signal);
      const end = Math.min(start + batchSize, records.length);
      const locals: (T | undefined)[] = [];
      for (const id of records.ids(start, end)) locals.push(await repo.get(id));
      // Packed chats become objects only now, after the reads: they live for one write, not
      // across a round trip per record (decision 0077).
      const batch = records.records(start, end);
      const writes: T[] = [];
      batch.forEach((record, i) => {
        const local = locals[i];
        const next = merge(local, record);
        if (next === null) report.unchanged++;
        else {
          writes.push(next);
          if (local) report.updated++;
          else report.added++;
        }
      });
      if (writes.length > 0) await repo.putMany(writes, { touch: false });
      done += batch.length;
      options.onProgress?.({ done, total });
    }
  }
  const record = <T extends SyncRecord>(local: T | undefined, imported: T) =>
    mergeImportedRecord(local, imported, foreign);
  await writeAll(store.folders, listSource(result.folders), record);
  await writeAll(store.projects, listSource(result.projects ?? []), record);
  await writeAll(store.knowledgeDocuments, listSource(result.knowledgeDocuments ?? []), record);
  await writeAll(store.prompts, listSource(result.prompts), record);
  // AG9: an agent never takes a built-in agent's id.
  await writeAll(store.characters, listSource(result.characters.map(withOwnCharacterId)), record);
  await writeAll(store.plugins, listSource(result.plugins), record);
  // IM33: the profile and memory; a profile from the file is current only when none here is.
  const hereCurrent = (await store.profiles.list()).some((profile) => profile.isCurrent);
  const profiles = (result.profiles ?? []).map((profile) =>
    hereCurrent && profile.isCurrent ? { ...profile, isCurrent: false } : profile,
  );
  await writeAll(store.profiles, listSource(profiles), record);
  await writeAll(store.memory, listSource(result.memory ?? []), record);
  if ((result.usage ?? []).length > 0) {
    // Usage is a history: a record already here (same id) is the same record.
    checkAbort(options.signal);
    const known = new Set((await store.usage.query()).map((usage) => usage.id));
    for (const usage of result.usage ?? []) if (!known.has(usage.id)) await store.usage.append(usage);
  }
  // IM32: attachments first, so the chats that name them show their pictures at once. An id is
  // its bytes' hash: one already here is the same picture and stays as it is.
  for (const { attachment, data } of result.attachments ?? []) {
    checkAbort(options.signal);
    const here = await store.attachments.get(attachment.id);
    if (!here || here.attachment.deletedAt) await store.attachments.put(attachment, data, { touch: false });
  }
  // Packed chats (a streamed read, decision 0077) are unpacked one batch at a time.
  const chats = result.chats instanceof PackedChats ? result.chats : listSource(result.chats);
  await writeAll(store.chats, chats, (local, imported) => mergeImportedChat(local, imported, foreign));
  if (result.settings && Array.isArray(result.settings.entries)) {
    checkAbort(options.signal);
    // Like sync, an entry replaces the local one only when it is newer; an equal value takes the
    // file's time too (nothing is lost, and the export reads back byte for byte) (IM25).
    const local = new Map((await store.settings.entries()).map((entry) => [entry.key, entry]));
    const newer = (result.settings.entries as SettingEntry[]).filter((entry) => {
      const here = local.get(entry.key);
      return (
        !here || entry.updatedAt > here.updatedAt || canonicalJson(here.value) === canonicalJson(entry.value)
      );
    });
    const kept = newer.map((entry) => keepDeviceEndpoints(entry, local.get(entry.key)));
    if (kept.length > 0) await store.settings.putEntries(kept);
  }
  return report;
}

/**
 * IM34: settings that name where this device sends something (a key, a recording) keep this
 * device's value: an imported file never points them elsewhere (as key files, decision 0070).
 */
const DEVICE_ENDPOINT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  voiceSettings: ['customTranscriptionEndpoint'],
};

function keepDeviceEndpoints(entry: SettingEntry, here: SettingEntry | undefined): SettingEntry {
  const fields = DEVICE_ENDPOINT_FIELDS[entry.key];
  if (!fields || !isObject(entry.value)) return entry;
  const mine = here && isObject(here.value) ? here.value : {};
  const value: Record<string, unknown> = { ...entry.value };
  for (const field of fields) {
    if (field in mine) value[field] = mine[field];
    else delete value[field];
  }
  return { ...entry, value };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
