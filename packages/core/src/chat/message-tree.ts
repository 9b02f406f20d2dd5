import type { Chat, Message } from '../entities';
import { compareMessageOrder } from '../sync';

/**
 * A chat's messages as a tree (BR1): each message's parent is its `parentId`. What the user sees
 * and what is sent is one path from a root down (BR2, BR3). Pure and built in one pass, so a chat
 * of thousands of messages is cheap to read again after each change.
 */
export interface MessageTree {
  readonly byId: ReadonlyMap<string, Message>;
  /** The parent each message counts under: null for roots (BR6 repairs dangling links). */
  parentOf(id: string): string | null;
  /** Live children of `parentId` (null: the roots), in chat order (MG2). */
  childrenOf(parentId: string | null): readonly Message[];
}

const ROOT = '\u0000root';

function isLive(message: Message): boolean {
  return typeof message.deletedAt !== 'string';
}

/** BR6: a link to a missing message, to itself or round a loop counts as a root. */
function effectiveParents(messages: readonly Message[], byId: ReadonlyMap<string, Message>) {
  const parents = new Map<string, string | null>();
  let previousLive: string | null = null;
  for (const message of messages) {
    // Messages never linked (a chat whose v3 link step failed) read as one path, as BR7 links them.
    const stated = message.parentId === undefined ? previousLive : message.parentId;
    parents.set(message.id, stated !== null && stated !== message.id && byId.has(stated) ? stated : null);
    if (isLive(message)) previousLive = message.id;
  }
  // Loops: walk up from each message; a walk that meets itself cuts the link it came in by.
  const settled = new Set<string>();
  for (const message of messages) {
    const walk = new Set<string>();
    let current: string | null = message.id;
    while (current !== null && !settled.has(current)) {
      if (walk.has(current)) {
        parents.set(current, null);
        break;
      }
      walk.add(current);
      current = parents.get(current) ?? null;
    }
    for (const id of walk) settled.add(id);
  }
  return parents;
}

/**
 * The last tree built, by list identity: the list a chat holds is never changed in place (every
 * edit makes a new one), so a switch and the list that shows it share one build. The length guards
 * against a caller that appends in place anyway.
 */
let lastBuilt: { messages: readonly Message[]; length: number; tree: MessageTree } | undefined;

export function buildMessageTree(messages: readonly Message[]): MessageTree {
  if (lastBuilt?.messages === messages && lastBuilt.length === messages.length) return lastBuilt.tree;
  const tree = buildTree(messages);
  lastBuilt = { messages, length: messages.length, tree };
  return tree;
}

function buildTree(messages: readonly Message[]): MessageTree {
  const byId = new Map<string, Message>();
  for (const message of messages) byId.set(message.id, message);
  const parents = effectiveParents(messages, byId);
  const children = new Map<string, Message[]>();
  for (const message of messages) {
    if (!isLive(message)) continue;
    const key = parents.get(message.id) ?? ROOT;
    const list = children.get(key);
    if (list) list.push(message);
    else children.set(key, [message]);
  }
  for (const list of children.values()) {
    // Lists are already in chat order after any merge; a local append keeps it. Sort only if not.
    if (list.some((message, i) => i > 0 && compareMessageOrder(list[i - 1]!, message) > 0)) {
      list.sort(compareMessageOrder);
    }
  }
  return {
    byId,
    parentOf: (id) => parents.get(id) ?? null,
    childrenOf: (parentId) => children.get(parentId ?? ROOT) ?? [],
  };
}

/**
 * The messages from a root down to `id`, root first; only the live part from the top (BR4: a
 * deleted message hides what is under it). Empty when `id` is unknown.
 */
export function ancestorsOf(tree: MessageTree, id: string): Message[] {
  const chain: Message[] = [];
  let current: string | null = id;
  while (current !== null) {
    const message = tree.byId.get(current);
    if (!message) return [];
    chain.push(message);
    current = tree.parentOf(current);
  }
  chain.reverse();
  const firstDeleted = chain.findIndex((message) => !isLive(message));
  return firstDeleted === -1 ? chain : chain.slice(0, firstDeleted);
}

/** BR3: goes on below `from` through the newest child each time, to a message with none. */
function extendDown(tree: MessageTree, path: Message[]): Message[] {
  let last = path.at(-1);
  for (;;) {
    const next = tree.childrenOf(last ? last.id : null).at(-1);
    if (!next) return path;
    path.push(next);
    last = next;
  }
}

/**
 * BR2, BR3: the selected path: the chat's `selectedPath` leaf and its ancestors, then on through the
 * newest child (messages another device added below the leaf show at once). With no selection, or
 * a selected leaf that is gone or deleted, the path keeps what is left of it and goes on the same way.
 */
export function selectedPathOf(chat: Pick<Chat, 'messages' | 'selectedPath'>, tree?: MessageTree): Message[] {
  const built = tree ?? buildMessageTree(chat.messages);
  const leafId = chat.selectedPath?.leafId;
  const start = leafId === undefined ? [] : ancestorsOf(built, leafId);
  return extendDown(built, start);
}

/** BR8: the live siblings of a message (itself included) in chat order, and its place among them. */
export function siblingsOf(tree: MessageTree, id: string): { siblings: readonly Message[]; index: number } {
  const siblings = tree.childrenOf(tree.parentOf(id));
  return { siblings, index: siblings.findIndex((message) => message.id === id) };
}

/** Every message below `id` (not itself), deleted ones too, in no particular order. */
export function descendantsOf(messages: readonly Message[], id: string): Message[] {
  const tree = buildMessageTree(messages);
  const below = new Map<string, Message[]>();
  for (const message of messages) {
    const parent = tree.parentOf(message.id);
    if (parent === null) continue;
    const list = below.get(parent);
    if (list) list.push(message);
    else below.set(parent, [message]);
  }
  const out: Message[] = [];
  const stack = [...(below.get(id) ?? [])];
  while (stack.length > 0) {
    const message = stack.pop()!;
    out.push(message);
    stack.push(...(below.get(message.id) ?? []));
  }
  return out;
}

/**
 * BR8: the leaf to select when the user switches to `id`: the newest message of its subtree by
 * createdAt (where that version's conversation was last going on), else `id` itself.
 */
export function latestLeafUnder(tree: MessageTree, id: string): string {
  let best = tree.byId.get(id);
  const stack = [...tree.childrenOf(id)];
  while (stack.length > 0) {
    const message = stack.pop()!;
    if (!best || compareMessageOrder(best, message) < 0) best = message;
    stack.push(...tree.childrenOf(message.id));
  }
  return best?.id ?? id;
}
