import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import toast, { useToasterStore, type Toast } from 'react-hot-toast';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../../src/features/toasts/AppToaster';
import { notify } from '../../src/features/toasts/notify';
import { createI18n } from '../../src/i18n';

const probe: { toasts: Toast[] } = { toasts: [] };
function StoreProbe() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    probe.toasts = toasts;
  }, [toasts]);
  return null;
}
const visibleIds = () => probe.toasts.filter((t) => t.visible).map((t) => t.id);

function renderToaster() {
  render(
    <I18nextProvider i18n={createI18n()}>
      <AppToaster />
      <StoreProbe />
    </I18nextProvider>,
  );
}

describe('notify and the app toaster (spec section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderToaster();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it.each([
    ['blank', 4000, notify.blank],
    ['error', 4000, notify.error],
    ['custom', 4000, (message: string) => notify.custom(<span>{message}</span>)],
    ['success', 2000, notify.success],
    ['success with Undo', 8000, notify.undoable],
  ] as const)('spec §9: a %s toast is dismissed after %i ms', (_type, durationMs, show) => {
    let id = '';
    act(() => {
      id = show('Saved');
    });
    act(() => vi.advanceTimersByTime(durationMs - 50));
    expect(visibleIds()).toContain(id);
    act(() => vi.advanceTimersByTime(100));
    expect(visibleIds()).not.toContain(id);
  });

  it('spec §9: a loading toast stays until dismissed', () => {
    let id = '';
    act(() => {
      id = notify.loading('Syncing');
    });
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(visibleIds()).toContain(id);
    act(() => notify.dismiss(id));
    expect(visibleIds()).not.toContain(id);
  });

  it('error toasts are announced assertively, success politely', () => {
    act(() => {
      notify.error('Broke');
      notify.success('Fine');
    });
    expect(screen.getByRole('alert').textContent).toContain('Broke');
    expect(screen.getByRole('status').textContent).toContain('Fine');
  });

  it('spec §9: at most 20 toasts are shown at once, the newest ones', () => {
    act(() => {
      for (let index = 0; index < 25; index += 1) notify.blank(`Toast ${index}`, { id: `toast-${index}` });
    });
    expect(visibleIds()).toHaveLength(20);
    expect(visibleIds()).toContain('toast-24');
    expect(visibleIds()).not.toContain('toast-4');
    act(() => {
      notify.error('One more', { id: 'toast-25' });
    });
    expect(visibleIds()).toHaveLength(20);
    expect(visibleIds()).toContain('toast-25');
    expect(visibleIds()).not.toContain('toast-5');
  });
});
