import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { applyHostConfig } from '../../src/features/host-config/apply-host-config';
import { EmptyChat } from '../../src/features/shell/EmptyChat';
import { ShortcutsProvider } from '../../src/features/shortcuts/ShortcutsProvider';
import { createI18n } from '../../src/i18n';
import { setHostSettings } from '../../src/state';

const i18n = createI18n();
const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <ShortcutsProvider isMac={false}>{children}</ShortcutsProvider>
  </I18nextProvider>
);
const FILE_URL = 'https://chat.example.org/parley.config.json';
const DEFAULT_LINE = /Pick a model and send your first message/;

describe("the host's welcome text (parley.config.json, decision 0126)", () => {
  afterEach(() => setHostSettings({}));

  it('replaces the empty chat screen’s default line, as plain text with its line breaks', async () => {
    render(
      <Providers>
        <EmptyChat />
      </Providers>,
    );
    expect(screen.getByText(DEFAULT_LINE)).toBeTruthy();

    const config = { welcomeText: 'Welcome to ACME chat.\nAsk about the <b>handbook</b>.' };
    await act(async () => {
      expect(await applyHostConfig(JSON.stringify(config), FILE_URL)).toBeNull();
    });
    const line = screen.getByText(/Welcome to ACME chat\./);
    expect(line.textContent).toBe('Welcome to ACME chat.\nAsk about the <b>handbook</b>.');
    expect(line.querySelector('b')).toBeNull(); // markup stays text, never HTML
    expect(line.className).toContain('whitespace-pre-line');
    expect(screen.queryByText(DEFAULT_LINE)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeTruthy();

    // A config without it brings the default back (the file was edited).
    await act(async () => {
      expect(await applyHostConfig('{"flags":{}}', FILE_URL)).toBeNull();
    });
    expect(screen.getByText(DEFAULT_LINE)).toBeTruthy();
  });

  it('an empty welcome text is the malformed-config screen’s problem, and the app keeps its default', async () => {
    const show = await applyHostConfig('{"welcomeText":""}', FILE_URL);
    expect(show).not.toBeNull();
    render(
      <Providers>
        <EmptyChat />
      </Providers>,
    );
    expect(screen.getByText(DEFAULT_LINE)).toBeTruthy();
  });
});
