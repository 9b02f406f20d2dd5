import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import {
  captureBrowserEnv,
  detectBrowserSupport,
  UnsupportedBrowserScreen,
} from '../features/browser-support';
import { BuyPage, isBuyPagePath } from '../features/license';
import { readRememberedChatEarly, preloadRememberedChatView } from '../features/chat';
import { createStorageNotices } from '../features/data';
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
  // The default purchase link on a self-hosted server: a static page, no store needed.
  if (isBuyPagePath(win.location.pathname)) {
    root.render(
      <I18nextProvider i18n={createI18n()}>
        <BuyPage />
      </I18nextProvider>,
    );
    return;
  }
  // The chunks that show a reopened chat load while the store opens, not after it.
  preloadRememberedChatView();
  // Damaged values and a fallback start become toasts (and console lines) once translations exist.
  const storageNotices = createStorageNotices();
  const store = await openLocalStore({
    onStartupProblem: storageNotices.onStartupProblem,
    onIssue: storageNotices.onIssue,
  });
  // Reads queue in order in IndexedDB: the reopened chat first (small), then every chat summary for
  // the sidebar (large), both started now, while the UI boots. The repository keeps the list.
  readRememberedChatEarly(store);
  store.chats.listSummaries().catch(() => undefined);
  const services = createBrowserServices(store, win);
  storageNotices.attach(services.i18n);
  root.render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}
