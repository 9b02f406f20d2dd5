import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutsProvider, useShortcut } from '../../src/features/shortcuts';

function Sidebar({ onToggle }: { onToggle: () => void }) {
  useShortcut('toggleSidebar', onToggle);
  return <nav>Sidebar</nav>;
}

const ctrlB = () => new KeyboardEvent('keydown', { key: 'b', code: 'KeyB', ctrlKey: true, bubbles: true });

describe('shortcuts are ready when their component is drawn', () => {
  const container = document.createElement('div');
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  afterEach(() => {
    container.remove();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('a shortcut pressed as soon as the commit that drew it is done, before passive effects ran, works', async () => {
    // React as in a browser: a render is scheduled, committed in a task, its passive effects later.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    document.body.append(container);
    const root = createRoot(container);
    const onToggle = vi.fn();
    // The key is pressed in the microtask right after the commit's DOM changes, as a user's key can
    // come right after the first paint, before React's passive effects.
    const pressed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        window.dispatchEvent(ctrlB());
        resolve();
      });
      observer.observe(container, { childList: true, subtree: true });
    });
    root.render(
      <ShortcutsProvider isMac={false}>
        <Sidebar onToggle={onToggle} />
      </ShortcutsProvider>,
    );
    await pressed;
    expect(container.textContent).toBe('Sidebar');
    expect(onToggle).toHaveBeenCalledTimes(1);
    root.unmount();
  });
});
