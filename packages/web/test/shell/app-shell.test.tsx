import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { useSettingsDialog } from '../../src/features/settings/settings-dialog-store';
import { NARROW_SCREEN_QUERY, SIDEBAR_COLLAPSED_KEY } from '../../src/features/shell/sidebar-state';
import { testServices } from '../support/test-services';

function renderApp() {
  const { services, media } = testServices();
  const user = userEvent.setup();
  render(<App services={services} />);
  return { services, media, user };
}

describe('app shell', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.classList.remove('dark');
    useSettingsDialog.getState().close();
  });

  it('has the navigation, banner and main landmarks with named controls', async () => {
    renderApp();
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('button', { name: 'New Chat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeTruthy();
    expect(await screen.findByText('No chats yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeTruthy();
  });

  it('Ctrl+B collapses and expands the sidebar and remembers it', async () => {
    const { user } = renderApp();
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar.hidden).toBe(true);
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    expect(screen.getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar.hidden).toBe(false);
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('starts collapsed when it was left collapsed', () => {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
    renderApp();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
  });

  it('on a phone the chat comes first: the sidebar opens over it, closes beside it and on New Chat, and a wide screen keeps its choice', async () => {
    const wideMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...wideMatchMedia(query), matches: query === NARROW_SCREEN_QUERY }) as MediaQueryList;
    try {
      const { user } = renderApp();
      expect(screen.queryByRole('navigation')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
      const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
      expect(sidebar.hidden).toBe(false);
      expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBeNull();
      await user.click(within(sidebar).getByRole('button', { name: 'New Chat' }));
      expect(screen.queryByRole('navigation')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
      const scrim = document.querySelector<HTMLElement>('[aria-hidden="true"].bg-overlay');
      expect(scrim).not.toBeNull();
      await user.click(scrim!);
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBeNull();

      // Open over the chat, the chat is inert and Escape closes the sidebar.
      await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
      expect(screen.getByRole('main').closest('[inert]')).not.toBeNull();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.getByRole('main').closest('[inert]')).toBeNull();
    } finally {
      window.matchMedia = wideMatchMedia;
    }
  });

  it('Settings opens a dialog whose General section switches the theme', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    // Settings is its own chunk, fetched the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
    const theme = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(dialog.contains(theme)).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('TM_themeMode')).toBe('"dark"');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Ctrl+Shift+N focuses New Chat and changes nothing else', async () => {
    const { user } = renderApp();
    await user.keyboard('{Control>}{Shift>}n{/Shift}{/Control}');
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(document.activeElement).toBe(within(sidebar).getByRole('button', { name: 'New Chat' }));
    expect(screen.getByText('No chats yet')).toBeTruthy();
  });
});
