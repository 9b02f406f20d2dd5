import { createContext, use, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { detectMac, formatShortcut, matchShortcut } from './match-shortcut';
import type { ShortcutId } from './shortcut-table';

type Handler = () => void;

/** Handlers by shortcut; the most recently registered one wins (a dialog over the page, say). */
class ShortcutRegistry {
  private readonly handlers = new Map<ShortcutId, Handler[]>();

  constructor(readonly isMac: boolean) {}

  register(id: ShortcutId, handler: Handler): () => void {
    const list = this.handlers.get(id) ?? [];
    list.push(handler);
    this.handlers.set(id, list);
    return () => {
      const current = this.handlers.get(id) ?? [];
      this.handlers.set(
        id,
        current.filter((registered) => registered !== handler),
      );
    };
  }

  handle(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.repeat) return;
    const id = matchShortcut(event, this.isMac);
    const handler = id ? this.handlers.get(id)?.at(-1) : undefined;
    if (!handler) return;
    event.preventDefault();
    handler();
  }
}

const ShortcutContext = createContext<ShortcutRegistry | null>(null);

/**
 * One keydown listener for the whole app; features plug handlers in with `useShortcut`. The listener
 * and every handler are in place in the commit that draws their component (layout effects), so a
 * shortcut pressed as soon as the screen shows works: passive effects ran after the first paint, and
 * a key pressed in between (Ctrl+B, Ctrl+K right after a reload) did nothing.
 */
export function ShortcutsProvider({ isMac, children }: { isMac?: boolean; children: ReactNode }) {
  const [registry] = useState(() => new ShortcutRegistry(isMac ?? detectMac()));
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => registry.handle(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [registry]);
  return <ShortcutContext value={registry}>{children}</ShortcutContext>;
}

function useRegistry(): ShortcutRegistry {
  const registry = use(ShortcutContext);
  if (!registry) throw new Error('useShortcut must be used inside <ShortcutsProvider>');
  return registry;
}

/** Runs `handler` on the shortcut while the calling component is mounted (and `enabled`). */
export function useShortcut(id: ShortcutId, handler: Handler, enabled = true): void {
  const registry = useRegistry();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    return registry.register(id, () => latest.current());
  }, [registry, id, enabled]);
}

/** The chord label for this platform, e.g. "Ctrl+B". */
export function useShortcutLabel(id: ShortcutId): string {
  return formatShortcut(id, useRegistry().isMac);
}

/** The platform's command key as shown in labels: "⌘" on a Mac, else "Ctrl". */
export function useModifierLabel(): string {
  return useRegistry().isMac ? '⌘' : 'Ctrl';
}
