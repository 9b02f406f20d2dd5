import {
  ACCEPTED_EXTENSIONS,
  attachmentUrl,
  DOCUMENT_LIMITS,
  documentKindOf,
  imageLimitsFor,
} from '@parley/core/documents';
import { parseAttachment } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import { formatFor } from '../../i18n';
import { isoNow, type Clock } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';
import { addPendingAttachment, rememberAttachmentUrl, type PendingAttachment } from '../chat';
import { addNotice, setBlocked, setReading } from './documents-store';
import { readDocument } from './reader-client';
import type { ImageResult } from './reader-protocol';

export type AddFilesContext = {
  draftKey: string;
  model: ModelDescriptor | undefined;
  store: Pick<StoragePort, 'attachments'>;
  clock: Clock;
  /** The license has `vision` (spec: Premium): pictures may go to the model. */
  canSendImages: boolean;
  /** The language shown, for the sizes in a refusal. */
  language: string;
};

let keySeq = 0;

const typeNames: Record<string, string> = {
  pdf: 'PDF',
  docx: 'Word',
  xlsx: 'Excel',
  image: 'image',
  csv: 'CSV',
};

/**
 * DO1–DO5: checks each file (type, size), reads it in the worker and adds it to the message box.
 * Every refusal names the file and says why; one bad file never stops the others.
 */
export async function addFiles(files: readonly File[], context: AddFilesContext): Promise<void> {
  await Promise.all(files.map((file) => addFile(file, context)));
}

async function addFile(file: File, context: AddFilesContext): Promise<void> {
  const { draftKey } = context;
  const name = file.name || DOCUMENT_LIMITS.pastedImageName;
  const error = (key: string, values: Record<string, string | number> = {}) =>
    addNotice(draftKey, { tone: 'error', key: `errors.${key}`, values: { name, ...values } });
  const kind = documentKindOf(name);
  if (!kind) return error('unsupported', { types: ACCEPTED_EXTENSIONS.join(', ') });
  if (kind === 'image' && !context.canSendImages) return setBlocked(draftKey, 'vision');
  if (file.size === 0) return error('empty');
  if (file.size > DOCUMENT_LIMITS.maxFileBytes) {
    const { bytes } = formatFor(context.language);
    return error('tooBig', { size: bytes(file.size), max: bytes(DOCUMENT_LIMITS.maxFileBytes) });
  }
  setReading(draftKey, name, true);
  try {
    const limits = kind === 'image' ? imageLimitsFor(context.model?.provider ?? 'openai') : undefined;
    const result = await readDocument(file, name, kind, limits);
    if (!result.ok) return error(result.code, { type: typeNames[kind] ?? kind.toUpperCase() });
    keySeq += 1;
    const key = `file-${keySeq}`;
    if (result.kind === 'image') {
      const item = await storeImage(result, name, key, context);
      if (!item) return error('storage');
      addPendingAttachment(draftKey, item);
      return;
    }
    const note = result.note;
    if (note) {
      addNotice(draftKey, {
        tone: 'info',
        key: `notes.${note.kind}`,
        values: { name, ...(note.kind === 'rows' ? { rows: note.rows } : { chars: note.chars }) },
      });
    }
    addPendingAttachment(draftKey, {
      key,
      name,
      part: { type: 'tm_text_file', text: result.text, metadata: { name } },
      tokens: result.tokens,
      cut: note !== undefined,
    });
  } catch (failure) {
    console.error('adding a file failed', failure);
    error('failed');
  } finally {
    setReading(draftKey, name, false);
  }
}

/** Content-addressed id: the same picture added twice is stored once (and synced once). */
async function contentId(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `att-${Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** DO6: the image's bytes go to the attachments table; the message part only points at them. */
async function storeImage(
  image: ImageResult,
  name: string,
  key: string,
  context: AddFilesContext,
): Promise<PendingAttachment | undefined> {
  const id = await contentId(image.bytes);
  const bytes = new Uint8Array(image.bytes);
  try {
    const existing = await context.store.attachments.get(id);
    if (!existing || existing.attachment.deletedAt) {
      const now = isoNow(context.clock);
      await context.store.attachments.put(
        parseAttachment({
          id,
          mimeType: image.mimeType,
          name,
          size: bytes.byteLength,
          chatID: context.draftKey || null,
          createdAt: now,
          updatedAt: now,
        }),
        bytes,
      );
    }
  } catch (failure) {
    console.error('storing an attachment failed', failure);
    return undefined;
  }
  rememberAttachmentUrl(id, new Blob([bytes], { type: image.mimeType }));
  return {
    key,
    name,
    part: { type: 'image_url', image_url: { url: attachmentUrl(id) }, metadata: { name } },
    tokens: 0,
  };
}
