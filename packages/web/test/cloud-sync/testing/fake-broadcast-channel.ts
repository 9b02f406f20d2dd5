/**
 * A BroadcastChannel class for one browser profile in memory: a message reaches every other open
 * channel of the same name (never its sender), later and as a structured copy.
 */
export function fakeBroadcastChannels(): typeof BroadcastChannel {
  const open = new Map<string, Set<FakeChannel>>();

  class FakeChannel extends EventTarget {
    private closed = false;
    onmessage = null;
    onmessageerror = null;

    constructor(readonly name: string) {
      super();
      const peers = open.get(name) ?? new Set<FakeChannel>();
      open.set(name, peers);
      peers.add(this);
    }

    postMessage(message: unknown): void {
      if (this.closed) throw new DOMException('closed', 'InvalidStateError');
      for (const peer of open.get(this.name) ?? []) {
        if (peer === this) continue;
        const data = structuredClone(message);
        setTimeout(() => {
          if (!peer.closed) peer.dispatchEvent(new MessageEvent('message', { data }));
        }, 0);
      }
    }

    close(): void {
      this.closed = true;
      open.get(this.name)?.delete(this);
    }
  }

  return FakeChannel as unknown as typeof BroadcastChannel;
}
