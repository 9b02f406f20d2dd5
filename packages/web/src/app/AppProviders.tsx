import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ShortcutsProvider } from '../features/shortcuts';
import { ThemeProvider } from '../features/theme';
import type { AppServices } from './app-services';

/** Context every feature may rely on: translations, theme, keyboard shortcuts. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <ThemeProvider controller={services.theme}>
        <ShortcutsProvider>{children}</ShortcutsProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
