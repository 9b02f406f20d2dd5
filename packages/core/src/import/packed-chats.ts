import type { Chat } from '../entities';
import { ChatTally } from './chat-tally';

/**
 * The chats of a streamed import, kept between the preview and the write (IM6, IM26) as the UTF-8
 * bytes of their JSON, a few large blocks rather than a tree of objects per chat: about a third of
 * the memory the records would take as objects, and none of it garbage the reader leaves (decision
 * 0077). Read back a batch at a time when written.
 */
export class PackedChats {
  readonly tally = new ChatTally();
  private readonly encoder = new TextEncoder();
  private readonly blocks: Uint8Array[] = [];
  /** Per chat: its block and where its bytes end there. */
  private readonly ends: number[] = [];
  private readonly blockOf: number[] = [];
  private readonly chatIds: string[] = [];
  /** Per chat: the folder it names, or null. */
  private readonly folderIds: (string | null)[] = [];
  /** Chats whose folder the file turned out not to define: unpacked at the top level. */
  private unfiled = new Set<number>();
  private current = new Uint8Array(0);
  private used = 0;

  constructor(private readonly blockSize = 4 * 1024 * 1024) {}

  get length(): number {
    return this.ends.length;
  }

  /** The bytes held, for the benchmark's notes. */
  get byteLength(): number {
    return this.blocks.reduce((sum, block) => sum + block.length, 0) + this.used;
  }

  add(chat: Chat): void {
    this.tally.add(chat);
    const bytes = this.encoder.encode(JSON.stringify(chat));
    if (this.used + bytes.length > this.current.length) {
      if (this.used > 0) this.blocks.push(this.current.slice(0, this.used));
      this.current = new Uint8Array(Math.max(this.blockSize, bytes.length));
      this.used = 0;
    }
    this.current.set(bytes, this.used);
    this.used += bytes.length;
    this.ends.push(this.used);
    this.blockOf.push(this.blocks.length);
    this.chatIds.push(chat.id);
    this.folderIds.push(chat.folderID ?? null);
  }

  /**
   * A chat naming a folder the file does not define goes to the top level (as `inKnownFolder`): for
   * files whose folders come after their chats, decided once the folders are known (decision 0153).
   */
  placeInFolders(known: ReadonlySet<string>): void {
    this.unfiled = new Set();
    this.folderIds.forEach((folderId, index) => {
      if (folderId && !known.has(folderId)) this.unfiled.add(index);
    });
  }

  /** The ids of chats `start` to `end` (exclusive), without unpacking them. */
  ids(start: number, end: number): string[] {
    return this.chatIds.slice(start, end);
  }

  /** Chats `start` to `end` (exclusive), unpacked. */
  records(start: number, end: number): Chat[] {
    const decoder = new TextDecoder();
    const out: Chat[] = [];
    for (let i = start; i < Math.min(end, this.length); i++) out.push(this.at(i, decoder));
    return out;
  }

  /** Every chat as a list (the localStorage fallback hands the records to the page). */
  unpack(): Chat[] {
    return this.records(0, this.length);
  }

  private at(index: number, decoder: InstanceType<typeof TextDecoder>): Chat {
    const block = this.blockOf[index]!;
    const bytes = block < this.blocks.length ? this.blocks[block]! : this.current;
    const start = index > 0 && this.blockOf[index - 1] === block ? this.ends[index - 1]! : 0;
    const chat = JSON.parse(decoder.decode(bytes.subarray(start, this.ends[index]))) as Chat;
    return this.unfiled.has(index) ? { ...chat, folderID: null } : chat;
  }
}
