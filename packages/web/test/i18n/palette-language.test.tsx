import { syncedSetting } from '@parley/core/entities';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PalettePanel from '../../src/features/command-palette/PalettePanel';
import { useFeatureFlags } from '../../src/features/license/feature-flags-store';
import { ThemeProvider } from '../../src/features/theme';
import en from '../../src/i18n/locales/en.json';
import { renderWithChat } from '../chat/render-chat';
import { testServices } from '../support/test-services';

/** The palette's "Change language…" (decision 0085): a page of languages by their own names. */
describe('Change language in the command palette', () => {
  afterEach(() => useFeatureFlags.getState().setFlags({}));

  const palette = (onClose = vi.fn()) =>
    renderWithChat(
      <ThemeProvider controller={testServices().services.theme}>
        <PalettePanel onClose={onClose} />
      </ThemeProvider>,
    );

  it('lists the languages, filters them by what is typed, and saves the one chosen', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { store } = palette(onClose);
    await user.click(await screen.findByRole('option', { name: en.palette.commands.changeLanguage }));
    expect(screen.getByRole('option', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');
    await user.type(screen.getByRole('combobox'), 'ελλ');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Ελληνικά']),
    );
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    await waitFor(async () => expect(await store.settings.get(syncedSetting('language'))).toBe('el'));
  });

  it('is not offered when changeUILanguage is off', async () => {
    useFeatureFlags.getState().setFlags({ changeUILanguage: false });
    palette();
    expect(await screen.findByRole('option', { name: en.palette.commands.settings })).toBeTruthy();
    expect(screen.queryByRole('option', { name: en.palette.commands.changeLanguage })).toBeNull();
  });
});
