import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceList } from '../../src/features/license/DeviceList';
import type { LicenseDevice } from '../../src/state/license/license-api';
import { renderWithI18n } from './testing/license-test-kit';

const at = Date.UTC(2026, 0, 2, 10, 0);
const devices: LicenseDevice[] = [
  {
    deviceId: 'a',
    deviceName: 'Work laptop',
    userName: 'ana@example.com',
    activatedAt: at,
    lastSeenAt: at,
    current: true,
  },
  {
    deviceId: 'b',
    deviceName: 'Home desktop',
    userName: null,
    activatedAt: at,
    lastSeenAt: at,
    current: false,
  },
  { deviceId: 'c', deviceName: 'Old phone', activatedAt: at, lastSeenAt: at, current: false },
];

describe('License Manager device list', () => {
  it('LS11 shows who uses a device when its link names someone, and nothing when not', () => {
    renderWithI18n(<DeviceList devices={devices} onUnlink={() => {}} />);
    const laptop = screen.getByRole('listitem', { name: 'Work laptop' });
    expect(within(laptop).getByText('ana@example.com')).toBeTruthy();
    expect(laptop.textContent).toContain('This device');
    for (const name of ['Home desktop', 'Old phone']) {
      const row = screen.getByRole('listitem', { name });
      // The name, then the dates: no line for a user.
      expect(row.querySelectorAll('p')).toHaveLength(2);
      expect(within(row).queryByText(/@/)).toBeNull();
    }
  });
});
