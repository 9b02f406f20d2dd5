import { attachmentIdOfUrl } from '@parley/core/documents';
import type { StoragePort } from '@parley/core/storage';
import { useEffect, useState } from 'react';
import { loadAttachment, useRemoteAttachmentsVersion } from './attachment-source';
import { useChatRuntime } from './chat-runtime';

/**
 * Object URLs of attached images, made once per attachment and kept while the page lives (a few
 * images per chat; revoking them while a message still shows one would break it).
 */
const urls = new Map<string, string>();
const loading = new Map<string, Promise<string | undefined>>();

export function rememberAttachmentUrl(id: string, blob: Blob): void {
  if (!urls.has(id)) urls.set(id, URL.createObjectURL(blob));
}

function loadUrl(store: Pick<StoragePort, 'attachments'>, id: string): Promise<string | undefined> {
  const known = urls.get(id);
  if (known) return Promise.resolve(known);
  let pending = loading.get(id);
  if (!pending) {
    pending = loadAttachment(store, id)
      .then((stored) => {
        if (!stored) return undefined;
        const bytes = new Uint8Array(stored.data);
        rememberAttachmentUrl(id, new Blob([bytes], { type: stored.attachment.mimeType }));
        return urls.get(id);
      })
      .catch(() => undefined)
      .finally(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/**
 * The URL to show an image part with: an `attachment:` part is read from the attachments store, or
 * fetched from the sync server (SC32) ('missing' when neither has it); other URLs are shown as
 * they are.
 */
export function useImagePartUrl(url: string): string | 'missing' | undefined {
  const { store } = useChatRuntime().services;
  const remoteVersion = useRemoteAttachmentsVersion();
  const id = attachmentIdOfUrl(url);
  const [loaded, setLoaded] = useState<{ id: string; url: string | undefined } | undefined>();
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    void loadUrl(store, id).then((result) => {
      if (live) setLoaded({ id, url: result });
    });
    return () => {
      live = false;
    };
  }, [id, store, remoteVersion]);
  if (id === undefined) return url;
  const known = urls.get(id);
  if (known) return known;
  if (loaded?.id !== id) return undefined;
  return loaded.url ?? 'missing';
}
