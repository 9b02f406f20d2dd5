import { EPOCH_ISO, isRawRecord, toIsoTimestamp } from '../entities';
import { StorageError } from './storage-error';
import type { SettingEntry, SettingsRepository } from './storage-port';
import type { StoreContext } from './store-context';

/**
 * The key-value settings area. Each key is one row `{ id: key, value, updatedAt }`; a null value
 * means "reverted to the default" and is kept (with its time) so sync can carry the reset.
 */
export function createSettingsRepository(ctx: StoreContext): SettingsRepository {
  function toEntry(key: string, raw: unknown): SettingEntry | undefined {
    if (!isRawRecord(raw)) return undefined;
    const updatedAt = toIsoTimestamp(raw.updatedAt);
    return {
      key,
      value: raw.value ?? null,
      updatedAt: typeof updatedAt === 'string' ? updatedAt : EPOCH_ISO,
    };
  }

  /** Values read ahead (readAhead), each for one `get`; dropped by any change to its key. */
  const ahead = new Map<string, Promise<unknown>>();
  const drop = (keys: readonly string[]) => keys.forEach((key) => ahead.delete(key));
  ctx.subscribe((change) => {
    if (change.area === 'settings') drop(change.ids);
  });

  /** The stored row of `key`: the value read ahead when there is one, else a read now. */
  function stored(key: string): Promise<unknown> {
    const early = ahead.get(key);
    ahead.delete(key);
    const readNow = () => ctx.engine.get('settings', key);
    return early ? early.catch(readNow) : readNow();
  }

  return {
    readAhead(keys) {
      const { engine } = ctx;
      if (!engine.getMany || keys.length === 0) return;
      const values = engine.getMany('settings', keys);
      values.catch(() => undefined);
      keys.forEach((key, index) =>
        ahead.set(
          key,
          values.then((rows) => rows[index]),
        ),
      );
    },
    async get(setting) {
      const raw = await ctx.read(`read setting ${setting.key}`, () => stored(setting.key));
      if (raw === undefined) return setting.defaultValue();
      const entry = toEntry(setting.key, raw);
      if (!entry) {
        ctx.report('settings', setting.key, 'read', [
          { path: '', message: 'stored setting is not readable' },
        ]);
        return setting.defaultValue();
      }
      if (entry.value === null) return setting.defaultValue();
      const result = setting.safeParse(entry.value);
      if (result.issues.length > 0) ctx.report('settings', setting.key, 'read', result.issues);
      return result.success ? result.data : setting.defaultValue();
    },
    async set(setting, value) {
      if (value !== null) {
        // Reads are tolerant; writes are strict: a value that needed repair is a caller bug.
        const result = setting.safeParse(value);
        if (!result.success || result.issues.length > 0) {
          throw new StorageError(
            'corrupt_record',
            `setting ${setting.key}: ${result.issues[0]?.message ?? 'invalid'}`,
          );
        }
      }
      drop([setting.key]);
      const row = { id: setting.key, value, updatedAt: ctx.now() };
      await ctx.write(`save setting ${setting.key}`, 'settings', ['settings'], async (tx) => {
        await tx.put('settings', setting.key, row);
        return { ids: [setting.key], result: undefined };
      });
    },
    async entries() {
      const rows = await ctx.read('list settings', () => ctx.engine.getAll('settings'));
      return rows.flatMap((row) => toEntry(row.id, row.value) ?? []);
    },
    async putEntries(entries) {
      drop(entries.map((entry) => entry.key));
      await ctx.write(`save ${entries.length} settings`, 'settings', ['settings'], async (tx) => {
        for (const entry of entries) {
          await tx.put('settings', entry.key, {
            id: entry.key,
            value: entry.value ?? null,
            updatedAt: entry.updatedAt,
          });
        }
        return { ids: entries.map((entry) => entry.key), result: undefined };
      });
    },
  };
}
