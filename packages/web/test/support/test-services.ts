import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { vi } from 'vitest';
import type { AppServices } from '../../src/app/app-services';
import { createThemeController } from '../../src/features/theme/theme-controller';
import { themeModePref } from '../../src/features/theme/theme-mode';
import { createI18n } from '../../src/i18n';
import { fakeMatchMedia } from './fake-match-media';
import { browserLicenseClient } from './test-app-state';
import { localVaultStorage, memoryApprovalStorage } from '../../src/adapters/storage';

/**
 * App services for tests: real i18n and theme (on jsdom's localStorage), an in-memory store, a
 * fetch that fails unless a test provides one, a fake clock, fake recovery and reload.
 */
export function testServices(overrides: Partial<AppServices> = {}) {
  const media = fakeMatchMedia(false);
  const services: AppServices = {
    i18n: createI18n(),
    theme: createThemeController({
      root: document.documentElement,
      matchMedia: media.matchMedia,
      pref: themeModePref(),
    }),
    recovery: {
      dumpAllLocalData: vi.fn(async () => ({ text: '{"fake":true}', bytes: 13 })),
      clearAllLocalData: vi.fn(async () => {}),
    },
    reportError: vi.fn(),
    reload: vi.fn(),
    store: createMemoryStore({ clock: new FakeClock() }),
    fetch: vi.fn(async () => {
      throw new TypeError('no network in unit tests');
    }),
    clock: new FakeClock(),
    ids: new SequentialIdGenerator('test'),
    // As in the app: jsdom's localStorage (tests clear it).
    vault: localVaultStorage(window),
    approvals: memoryApprovalStorage(),
    licenseClient: browserLicenseClient,
    ...overrides,
  };
  return { services, media };
}
