import { safeParseAttachment, type Attachment } from '../entities';
import { isObj, arr } from './values';

/** IM32: where an export zip keeps each attachment's bytes: `attachments/<id>`. */
export const EXPORT_ATTACHMENTS_DIR = 'attachments/';

/** An attachment read from an export zip: its metadata and its bytes. */
export interface ImportedAttachment {
  readonly attachment: Attachment;
  readonly data: Uint8Array;
}

export function exportAttachmentPath(id: string): string {
  return `${EXPORT_ATTACHMENTS_DIR}${id}`;
}

/**
 * IM32: the attachments of a Parley export: each metadata record of `data.attachments` whose
 * bytes are in the zip under its id. A record without bytes, or that does not parse, is left out
 * (its messages show the picture as not available, as on a device that never had it).
 */
export function attachmentsOfExport(
  json: unknown,
  bytesOf: (path: string) => Uint8Array | undefined,
): ImportedAttachment[] {
  const data = isObj(json) && isObj(json.data) ? json.data : undefined;
  const out: ImportedAttachment[] = [];
  for (const raw of arr(data?.attachments) ?? []) {
    const parsed = safeParseAttachment(raw);
    if (!parsed.success || parsed.data.id.includes('/')) continue;
    const bytes = bytesOf(exportAttachmentPath(parsed.data.id));
    if (bytes) out.push({ attachment: { ...parsed.data, size: bytes.byteLength }, data: bytes });
  }
  return out;
}
