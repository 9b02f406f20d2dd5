import { describe, expect, it } from 'vitest';
import { walkModules, type SourceFiles } from '../i18n/string-scan';

/**
 * The first chunk holds only what the first screen runs (decision 0079). This walks the static
 * imports from main.tsx (as the bundler does, following only the names a feature's index.ts
 * re-exports) and fails when code that was moved out of the first chunk is pulled back into it.
 */
const raw = import.meta.glob<string>(['../../src/**/*.{ts,tsx}', '!../../src/**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sources: SourceFiles = Object.fromEntries(
  Object.entries(raw).map(([path, text]) => [path.replace('../../src/', ''), text]),
);

describe('the first screen imports only what it shows (decision 0079)', () => {
  const graph = walkModules(sources, 'main.tsx', () => false);

  it.each([
    ['the chat session (send and stream)', 'features/chat/chat-session.ts'],
    ['the answer runner', 'features/chat/answer-runner.ts'],
    ['the toaster', 'features/toasts/AppToaster.tsx'],
    ['reading attached files', 'features/documents/add-files.ts'],
    ['the attachment tray', 'features/documents/AttachmentTray.tsx'],
    ['the search client', 'features/search/search-client.ts'],
    ['cloud sync', 'features/cloud-sync/browser-cloud-sync.ts'],
    // Decision 0141: parts only some starts show, and actions the first paint does not run.
    ['the unlock screen (a locked vault only)', 'features/api-keys/UnlockScreen.tsx'],
    ['the unsupported-browser screen', 'features/browser-support/UnsupportedBrowserScreen.tsx'],
    ['the self-hosted buy page', 'features/license/BuyPage.tsx'],
    ['the open plugins menu', 'features/plugins/ChatPluginsMenuPanel.tsx'],
    ["memory's proposal", 'features/memory/MemoryProposal.tsx'],
    ['the deleted chat notice', 'features/chat/DeletedChatNotice.tsx'],
    ['the tag filter bar', 'features/sidebar/TagFilterBar.tsx'],
    ['the organise actions', 'features/organise/organise-service.ts'],
    ["custom models' secret migration", 'features/custom-models/use-custom-secret-migration.ts'],
    ['the localStorage fallback', 'adapters/storage/local-storage-engine.ts'],
  ])('%s is not first-screen code', (_what, module) => {
    expect(sources[module], module).toBeDefined();
    expect(graph.firstScreen).not.toContain(module);
  });

  it('no first-screen module imports the toast library (only its types)', () => {
    const importers = [...graph.firstScreen].filter((module) =>
      /^import (?!type )[^;]*from 'react-hot-toast'/m.test(sources[module] ?? ''),
    );
    expect(importers).toEqual([]);
  });

  it('no first-screen module imports the virtual list library (the sidebar windows its rows itself, decision 0097)', () => {
    const importers = [...graph.firstScreen].filter((module) =>
      /^import (?!type )[^;]*from '@tanstack\/react-virtual'/m.test(sources[module] ?? ''),
    );
    expect(importers).toEqual([]);
  });

  it('still holds the parts that draw the first screen', () => {
    expect(graph.firstScreen).toContain('features/chat/lazy-chat-session.ts');
    expect(graph.firstScreen).toContain('features/toasts/notify.ts');
    expect(graph.firstScreen).toContain('features/sidebar/OrganisedSidebar.tsx');
    expect(graph.firstScreen).toContain('features/organise/lazy-organise-service.ts');
    expect(graph.firstScreen).toContain('features/plugins/ChatPluginsMenu.tsx');
  });
});
