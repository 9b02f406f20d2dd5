import { attachmentEntity, isRawRecord } from '../entities';
import type { Attachment } from '../entities';
import { touchRecord } from './record-repository';
import { StorageError } from './storage-error';
import type { AttachmentRepository, PutOptions } from './storage-port';
import type { StoreContext } from './store-context';

/**
 * Copies stored bytes into a Uint8Array of this realm. IndexedDB may hand back a view created in
 * another realm (instanceof fails there), or an ArrayBuffer.
 */
export function toBytes(value: unknown): Uint8Array | undefined {
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice();
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  return undefined;
}

/** Metadata and bytes live in one record of the attachments table and are written together. */
export function createAttachmentRepository(ctx: StoreContext): AttachmentRepository {
  const decodeRow = (id: string, raw: unknown): { attachment: Attachment; data: Uint8Array } => {
    const attachment = ctx.decode('attachments', id, raw, attachmentEntity);
    const data = toBytes(isRawRecord(raw) ? raw.data : undefined);
    if (!data)
      ctx.report('attachments', id, 'read', [{ path: 'data', message: 'attachment bytes are missing' }]);
    return { attachment, data: data ?? new Uint8Array() };
  };

  /** Writes in one transaction; everything is parsed first, so a bad one writes nothing (ST5). */
  const save = (
    items: readonly { attachment: Attachment; data: Uint8Array }[],
    touch: boolean,
    id?: string,
  ) => {
    const rows = items.map(({ attachment, data }) => {
      const parsed = ctx.encode('attachments', { ...attachment, size: data.byteLength }, attachmentEntity);
      return { stored: touch ? touchRecord(parsed, ctx.now()) : parsed, data };
    });
    const action = id === undefined ? `save ${rows.length} attachments` : `save attachment ${id}`;
    return ctx.write(action, 'attachments', ['attachments'], async (tx) => {
      for (const { stored, data } of rows) await tx.put('attachments', stored.id, { ...stored, data });
      return { ids: rows.map(({ stored }) => stored.id), result: rows.map(({ stored }) => stored) };
    });
  };

  return {
    async get(id) {
      const raw = await ctx.read(`read attachment ${id}`, () => ctx.engine.get('attachments', id));
      return raw === undefined ? undefined : decodeRow(id, raw);
    },
    async list(options = {}) {
      const rows = await ctx.read('list attachments', () => ctx.engine.getAll('attachments'));
      return rows
        .map((row) => ctx.decode('attachments', row.id, row.value, attachmentEntity))
        .filter((attachment) => options.includeDeleted || attachment.deletedAt === null);
    },
    async put(attachment, data, options: PutOptions = {}) {
      const [stored] = await save([{ attachment, data }], options.touch !== false, attachment.id);
      return stored!;
    },
    // Own timestamps unless `touch`, as every putMany (ST5).
    async putMany(items, options: PutOptions = {}) {
      return save(items, options.touch === true);
    },
    async delete(id) {
      return ctx.write(`delete attachment ${id}`, 'attachments', ['attachments'], async (tx) => {
        const raw = await tx.get('attachments', id);
        if (raw === undefined) throw new StorageError('not_found', `attachment ${id} does not exist`);
        const { attachment, data } = decodeRow(id, raw);
        const now = ctx.now();
        const tombstone = { ...attachment, deletedAt: now, updatedAt: now };
        await tx.put('attachments', id, { ...tombstone, data });
        return { ids: [id], result: tombstone };
      });
    },
    async purge(id) {
      await ctx.write(`purge attachment ${id}`, 'attachments', ['attachments'], async (tx) => {
        const existed = (await tx.get('attachments', id)) !== undefined;
        if (existed) await tx.delete('attachments', id);
        return { ids: existed ? [id] : [], result: undefined };
      });
    },
  };
}
