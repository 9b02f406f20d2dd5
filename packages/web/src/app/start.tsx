import { StrictMode } from 'react';
import { SYNCED_SETTING_KEYS } from '@parley/core/entities';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import {
  captureBrowserEnv,
  detectBrowserSupport,
  UnsupportedBrowserScreen,
} from '../features/browser-support';
import { BuyPage, isBuyPagePath, useFeatureFlags } from '../features/license';
import { SharedChatPage, sharePageId } from '../features/share';
import { forgetCrashedChat, readRememberedChatEarly, preloadRememberedChatView } from '../features/chat';
import { createStorageNotices } from '../features/data';
import { startLibrary } from '../features/organise';
import { loadHostConfig } from '../features/host-config';
import {
  browserStorageEnvironment,
  createLocalSnapshots,
  guardDataUpgrade,
  openLocalStore,
} from '../adapters/storage';
import { scheduleDailySnapshot } from './daily-snapshot';
import type { i18n } from 'i18next';
import { createI18n, loadLanguage } from '../i18n';
import { startLanguage } from '../features/language';
import { createBrowserServices } from './app-services';
import { App } from './App';
import { afterFirstScreen, awaitFirstScreenParts } from '../state';

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
  // The interface's language: the last one shown on this device, else the browser's (decision 0085).
  // Its strings are fetched now, while the store opens; the app follows the synced setting later.
  const i18n = createI18n();
  followLanguageInDocument(i18n, win.document);
  const languageReady = loadLanguage(i18n, startLanguage(win)).catch((error: unknown) =>
    console.warn('Parley could not load a language; showing English:', error),
  );
  // The default purchase link on a self-hosted server: a static page, no store needed.
  if (isBuyPagePath(win.location.pathname)) {
    root.render(
      <I18nextProvider i18n={i18n}>
        <BuyPage />
      </I18nextProvider>,
    );
    return;
  }
  // A share link's public page (`/s/<id>`): read-only, its own chunk, no store needed to read it.
  const shareId = sharePageId(win.location.pathname);
  if (shareId) {
    root.render(
      <I18nextProvider i18n={i18n}>
        <SharedChatPage id={shareId} />
      </I18nextProvider>,
    );
    return;
  }
  // The host's parley.config.json (its feature flags), fetched while the store opens (decision 0091).
  const hostConfig = loadHostConfig(win);
  // A chat whose last render crashed is not reopened (decision 0068), so the crash cannot come back.
  forgetCrashedChat();
  // The chunks that show a reopened chat load while the store opens, not after it.
  preloadRememberedChatView();
  // Damaged values and a fallback start become toasts (and console lines) once translations exist.
  const storageNotices = createStorageNotices();
  // Storage SPEC SN2/SN5: a data upgrade is guarded by a snapshot, and an unfinished one rolled back.
  const environment = browserStorageEnvironment();
  const snapshots = createLocalSnapshots({ indexedDB: environment.indexedDB });
  const guard = await guardDataUpgrade({
    localStorage: environment.localStorage,
    indexedDB: environment.indexedDB,
    snapshots,
  });
  if (guard.restored) storageNotices.onSnapshotRestored(guard.restored);
  if (guard.problem) console.error('snapshot before the data upgrade failed', guard.problem);
  const store = await openLocalStore({
    environment,
    onStartupProblem: storageNotices.onStartupProblem,
    onIssue: storageNotices.onIssue,
    // The host's addExampleChats flag: the file is read by the time a first run seeds the examples.
    addExampleChats: hostConfig.then(() => useFeatureFlags.getState().flags.addExampleChats),
    // The synced settings, in the store's first read (one small read, not 32 behind the big ones).
    readAhead: SYNCED_SETTING_KEYS,
  });
  // The upgrade ran in the open (and its migrations): done, unless the app fell back to another store.
  if (store.backend === 'indexeddb') {
    guard.finish();
    scheduleDailySnapshot(snapshots, win);
  }
  // Reads queue in order in IndexedDB: after the synced settings (read with the store's own checks),
  // the reopened chat (its head and messages), the folders and projects, then every chat summary
  // for the sidebar, all started now, while the UI boots. The repositories and the sidebar's
  // library keep what they read.
  readRememberedChatEarly(store);
  startLibrary(store);
  const services = createBrowserServices(store, win, i18n);
  storageNotices.attach(services.i18n);
  // Search, sync, the license check and prefetches wait until these have painted (decision 0079).
  awaitFirstScreenParts(['sidebar', 'chat'], win);
  // The packed chat list for the next start (storage SPEC PK6): its code and its passes come after
  // the first screen.
  afterFirstScreen(
    () =>
      void import('./summary-packing')
        .then((module) => module.schedulePackedSummaries(store, win))
        .catch(() => undefined),
    win,
  );
  await languageReady;
  const showConfigError = await hostConfig;
  if (showConfigError) {
    showConfigError(root, i18n);
    return;
  }
  root.render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

/** `<html lang>` names the language shown: screen readers read with it, `hyphens: auto` breaks by it. */
function followLanguageInDocument(instance: i18n, document: Document) {
  const follow = (language: string) => document.documentElement.setAttribute('lang', language);
  follow(instance.language);
  instance.on('languageChanged', follow);
}
