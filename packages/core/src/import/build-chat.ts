import { CHAT_ID_PREFIX, MESSAGE_ID_PREFIX, parseChat, parseFolder } from '../entities';
import type { Chat, Folder } from '../entities';
import { stableHash } from '../platform';
import type { DraftChat, DraftFolder, DraftMessage, ImportFormat, SkipCounts } from './types';
import { countSkip } from './types';

/**
 * IM5: ids derive from the format and the source ids, so importing the same file twice yields the
 * same records (and the merge adds nothing). Message ids include the chat id: some exports repeat
 * one message id in two conversations.
 */
export function importedChatId(format: ImportFormat, sourceId: string): string {
  return `${CHAT_ID_PREFIX}${format}-${stableHash(`${format}\u0000${sourceId}`)}`;
}
export function importedFolderId(format: ImportFormat, sourceId: string): string {
  return `folder-${format}-${stableHash(`${format}\u0000folder\u0000${sourceId}`)}`;
}
export function importedRecordId(format: ImportFormat, kind: string, sourceId: string): string {
  return `${kind}-${format}-${stableHash(`${format}\u0000${kind}\u0000${sourceId}`)}`;
}
function messageId(chatId: string, sourceId: string): string {
  return `${MESSAGE_ID_PREFIX}${stableHash(`${chatId}\u0000${sourceId}`)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** IM4: a kept message's parent is its nearest kept ancestor; the walk is capped against cycles. */
function keptParent(draft: DraftMessage, bySource: Map<string, DraftMessage>): DraftMessage | null {
  let parentId = draft.parentSourceId;
  for (let steps = 0; parentId !== null && steps <= bySource.size; steps++) {
    const parent = bySource.get(parentId);
    if (!parent) return null;
    if (!parent.skip) return parent;
    parentId = parent.parentSourceId;
  }
  return null;
}

/** Parents before children, siblings by time then file order (cycle members end up as roots). */
function orderTree(kept: DraftMessage[], parents: Map<DraftMessage, DraftMessage | null>): DraftMessage[] {
  const children = new Map<DraftMessage | null, DraftMessage[]>();
  for (const draft of kept) {
    const parent = parents.get(draft) ?? null;
    children.set(parent, [...(children.get(parent) ?? []), draft]);
  }
  const ordered: DraftMessage[] = [];
  const seen = new Set<DraftMessage>();
  const visit = (node: DraftMessage | null) => {
    const stack = [...(children.get(node) ?? [])].reverse();
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      ordered.push(next);
      stack.push(...[...(children.get(next) ?? [])].reverse());
    }
  };
  visit(null);
  // A cycle leaves members unreached: keep them as roots rather than lose them.
  for (const draft of kept)
    if (!seen.has(draft)) {
      parents.set(draft, null);
      seen.add(draft);
      ordered.push(draft);
    }
  return ordered;
}

/**
 * Turns an importer's draft into a Parley chat (IM3, IM4): skipped messages are counted and cut
 * out, every branch is kept, each child is stamped after its parent, and the visible leaf (or the
 * newest leaf) becomes the selected path.
 */
export function buildChat(format: ImportFormat, draft: DraftChat, skipped: SkipCounts, now: number): Chat {
  const id = importedChatId(format, draft.sourceId);
  const bySource = new Map(draft.messages.map((m) => [m.sourceId, m]));
  const kept: DraftMessage[] = [];
  for (const message of draft.messages) {
    if (!message.skip) kept.push(message);
    else if (message.skip !== 'structure') countSkip(skipped, message.skip);
  }
  const parents = new Map(kept.map((m) => [m, keptParent(m, bySource)]));
  const ordered = orderTree(kept, parents);
  const chatStart = draft.createdAt ?? draft.updatedAt ?? now;
  const times = new Map<DraftMessage, number>();
  const ids = new Map<DraftMessage, string>();
  const usedIds = new Set<string>();
  const messages = ordered.map((m, index) => {
    const parent = parents.get(m) ?? null;
    const own = m.createdAt ?? chatStart + index;
    const time = parent ? Math.max(own, times.get(parent)! + 1) : own;
    times.set(m, time);
    let mid = messageId(id, m.sourceId);
    // Duplicate source ids inside one chat still get distinct ids.
    if (usedIds.has(mid)) mid = messageId(id, `${m.sourceId}\u0000${index}`);
    usedIds.add(mid);
    ids.set(m, mid);
    return {
      id: mid,
      parentId: parent ? ids.get(parent)! : null,
      role: m.role,
      content: m.content,
      createdAt: iso(time),
      updatedAt: iso(time),
      ...(m.model ? { model: m.model } : {}),
      ...(m.reasoning ? { reasoning: m.reasoning } : {}),
      ...(m.name ? { name: m.name } : {}),
    };
  });
  const lastTime = Math.max(chatStart, draft.updatedAt ?? 0, ...times.values());
  const visible = draft.visibleLeafSourceId ? bySource.get(draft.visibleLeafSourceId) : undefined;
  const visibleKept = visible ? (visible.skip ? keptParent(visible, bySource) : visible) : null;
  const leaf = visibleKept ?? newestLeaf(ordered, parents, times);
  const model = draft.model ?? [...kept].reverse().find((m) => m.model)?.model;
  return parseChat({
    id,
    chatID: id,
    chatTitle: draft.title?.trim() || undefined,
    folderID: draft.folderSourceId ? importedFolderId(format, draft.folderSourceId) : null,
    ...(model ? { model } : {}),
    createdAt: iso(chatStart),
    updatedAt: iso(lastTime),
    archivedAt: draft.archived ? iso(lastTime) : null,
    favoritedAt: draft.favorited ? iso(lastTime) : null,
    systemMessage: draft.systemMessage?.trim() ? draft.systemMessage : null,
    messages,
    selectedPath: leaf ? { leafId: ids.get(leaf)!, updatedAt: iso(lastTime) } : null,
    tags: (draft.tags ?? []).filter((t) => t.trim() !== '').map((name) => ({ name })),
    importedFrom: { format, id: draft.sourceId },
  });
}

function newestLeaf(
  ordered: DraftMessage[],
  parents: Map<DraftMessage, DraftMessage | null>,
  times: Map<DraftMessage, number>,
): DraftMessage | null {
  const withChildren = new Set([...parents.values()].filter((p): p is DraftMessage => p !== null));
  let best: DraftMessage | null = null;
  for (const m of ordered) {
    if (withChildren.has(m)) continue;
    if (!best || times.get(m)! >= times.get(best)!) best = m;
  }
  return best;
}

export function buildFolder(format: ImportFormat, draft: DraftFolder, now: number): Folder {
  return parseFolder({
    id: importedFolderId(format, draft.sourceId),
    title: draft.title,
    order: draft.order ?? 0,
    createdAt: iso(now),
    updatedAt: iso(now),
  });
}
