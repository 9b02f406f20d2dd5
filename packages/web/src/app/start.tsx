import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { captureBrowserEnv, detectBrowserSupport } from '../features/browser-support/detect-browser-support';
import { UnsupportedBrowserScreen } from '../features/browser-support/UnsupportedBrowserScreen';
import { openLocalStore } from '../adapters/storage';
import { createI18n } from '../i18n';
import { createBrowserServices } from './app-services';
import { App } from './App';

/**
 * Checks the browser, opens the local store, then renders the app (or the Unsupported Browser screen)
 * into `container`. The store is open before the first render, so no screen waits on it.
 */
export async function start(container: HTMLElement, win: Window & typeof globalThis = window) {
  const root = createRoot(container);
  const support = detectBrowserSupport(captureBrowserEnv(win));
  if (!support.supported) {
    root.render(
      <I18nextProvider i18n={createI18n()}>
        <UnsupportedBrowserScreen missing={support.missing} />
      </I18nextProvider>,
    );
    return;
  }
  const store = await openLocalStore({
    onStartupProblem: (problem) => console.error(`storage startup: ${problem.step} failed`, problem.error),
    onIssue: (issue) => console.warn(`damaged ${issue.table} record ${issue.id}`, issue.issues),
  });
  root.render(
    <StrictMode>
      <App services={createBrowserServices(store, win)} />
    </StrictMode>,
  );
}
