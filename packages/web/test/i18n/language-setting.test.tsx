import { syncedSetting } from '@parley/core/entities';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { useFeatureFlags } from '../../src/features/license/feature-flags-store';
import { FollowLanguageSetting, LanguageSetting } from '../../src/features/language';
import { chosenLanguage } from '../../src/features/language/language-choice';
import en from '../../src/i18n/locales/en.json';
import ru from '../../src/i18n/locales/ru.json';
import { renderWithChat } from '../chat/render-chat';

/** Settings → General → Language (decision 0085): a synced setting the interface follows at once. */
describe('choosing the language', () => {
  afterEach(() => useFeatureFlags.getState().setFlags({}));

  function Title() {
    const { t } = useTranslation();
    return <h2>{t('settings.title')}</h2>;
  }
  const ui = (
    <>
      <FollowLanguageSetting />
      <Title />
      <LanguageSetting />
    </>
  );

  it("lists each language by its own name and the browser's; a choice is saved and shown at once", async () => {
    const user = userEvent.setup();
    const { store } = renderWithChat(ui);
    const select = await screen.findByRole('combobox', { name: en.settings.general.language });
    const options = Array.from((select as HTMLSelectElement).options, (option) => option.textContent);
    // jsdom's browser language is English.
    expect(options[0]).toBe(en.settings.general.languageBrowser.replace('{{name}}', 'English'));
    expect(options).toEqual(
      expect.arrayContaining(['English', 'Deutsch', 'Русский', 'Ελληνικά', '中文（简体）']),
    );
    await user.selectOptions(select, 'ru');
    expect(await screen.findByRole('combobox', { name: ru.settings.general.language })).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe(ru.settings.title);
    expect(await store.settings.get(syncedSetting('language'))).toBe('ru');
    // "Same as the browser" stores nothing: the browser decides again.
    await user.selectOptions(screen.getByRole('combobox'), '');
    expect(await screen.findByRole('combobox', { name: en.settings.general.language })).toBeTruthy();
    expect(await store.settings.get(syncedSetting('language'))).toBeNull();
  });

  it("the language shown: the stored choice when choosing is allowed, else the browser's best match", () => {
    const available = ['en', 'de', 'ru'];
    expect(chosenLanguage({ setting: 'ru', allowChoice: true, browser: ['de-AT'], available })).toBe('ru');
    expect(chosenLanguage({ setting: null, allowChoice: true, browser: ['de-AT'], available })).toBe('de');
    expect(chosenLanguage({ setting: 'ru', allowChoice: false, browser: ['de-AT'], available })).toBe('de');
    // A language this build does not have (chosen on a newer device): the browser's.
    expect(chosenLanguage({ setting: 'ja', allowChoice: true, browser: ['ja', 'en'], available })).toBe('en');
  });

  it('changeUILanguage off: no choice, and a stored one is not applied', async () => {
    useFeatureFlags.getState().setFlags({ changeUILanguage: false });
    const { store, appState } = renderWithChat(ui);
    await store.settings.set(syncedSetting('language'), 'ru');
    await waitFor(() => expect(appState.settings.getState().values.language).toBe('ru'));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe(en.settings.title);
  });
});
