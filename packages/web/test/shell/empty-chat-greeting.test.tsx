import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { EmptyChat } from '../../src/features/shell/EmptyChat';
import { ShortcutsProvider } from '../../src/features/shortcuts/ShortcutsProvider';
import { createI18n } from '../../src/i18n';

const i18n = createI18n();
const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <ShortcutsProvider isMac={false}>{children}</ShortcutsProvider>
  </I18nextProvider>
);

describe('the start screen', () => {
  it('hideWelcomeMessageForLoggedInUsers: a signed-in member sees no greeting, the rest stays', () => {
    const { unmount } = render(
      <Providers>
        <EmptyChat>
          <p>Pinned agents</p>
        </EmptyChat>
      </Providers>,
    );
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeTruthy();
    unmount();
    render(
      <Providers>
        <EmptyChat hideGreeting>
          <p>Pinned agents</p>
        </EmptyChat>
      </Providers>,
    );
    expect(screen.queryByRole('heading', { name: 'Start a conversation' })).toBeNull();
    expect(screen.queryByText(/Pick a model and send your first message/)).toBeNull();
    expect(screen.getByText('Pinned agents')).toBeTruthy();
  });
});
