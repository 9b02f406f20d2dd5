import type { Message } from '../entities';

/**
 * The ids of a chat's remembered messages, for the question a save asks (does a new message reuse an
 * id the chat has?) without looking at 10,000 messages each time: the set is built once, on the
 * chat's first save, and each append adds its new ids to it (storage SPEC MR11, decision 0154). It
 * is a superset: ids of messages cut since stay in it, so a hit may be an id no longer used, and the
 * caller then parses the chat whole (slower, never wrong); a miss is always right.
 */
export class MessageIds {
  private set: Set<string> | undefined;

  constructor(private readonly source: readonly Message[]) {}

  has(id: string): boolean {
    this.set ??= new Set(this.source.map((message) => message.id));
    return this.set.has(id);
  }

  /**
   * The ids of `next`, which keeps the ids of the messages known here at its first `from` places:
   * this set with `next`'s later ids added (still a superset of the earlier messages' ids, for a
   * write that fails or a save that read them), or a fresh lazy one when the set was never built.
   */
  after(next: readonly Message[], from: number): MessageIds {
    if (!this.set) return new MessageIds(next);
    for (let index = from; index < next.length; index++) this.set.add(next[index]!.id);
    return this;
  }
}
