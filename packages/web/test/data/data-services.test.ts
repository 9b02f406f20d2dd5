import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { backupFileName, browserDataServices } from '../../src/features/data/data-services';

afterEach(() => localStorage.clear());

describe('Data services in the browser', () => {
  const clock = new FakeClock('2024-06-10T12:00:00.000Z');

  it('RC2 RC3 looks at the old keys always, and at the fallback records only when they exist and another backend is in use', () => {
    const services = browserDataServices(createMemoryStore({ clock }), clock);
    expect(services.lostDataSources()).toEqual({ legacy: localStorage, fallback: undefined });
    localStorage.setItem('TM_themeMode', '"dark"');
    expect(services.lostDataSources().fallback).toBeUndefined();
    localStorage.setItem('TM_chat_ch-left-behind', '{"id":"ch-left-behind"}');
    expect(services.lostDataSources().fallback?.backend).toBe('localstorage');
  });

  it('names backups by date and time, safe as a file name', () => {
    expect(backupFileName(clock.now())).toBe('parley-backup-2024-06-10T12-00-00.json');
  });
});
