import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { FatalErrorScreen } from '../../src/features/errors/FatalErrorScreen';
import type { RecoveryActions } from '../../src/features/errors/recovery-actions';
import { createI18n } from '../../src/i18n';

function renderScreen(recovery: Partial<RecoveryActions> = {}) {
  const actions: RecoveryActions = {
    dumpAllLocalData: vi.fn(async () => ({ text: '{"TM_themeMode":"\\"dark\\""}', bytes: 2048 })),
    clearAllLocalData: vi.fn(async () => {}),
    ...recovery,
  };
  const reload = vi.fn();
  const error = new TypeError('chat.messages is undefined');
  render(
    <I18nextProvider i18n={createI18n()}>
      <FatalErrorScreen error={error} recovery={actions} reload={reload} />
    </I18nextProvider>,
  );
  return { actions, reload, error, user: userEvent.setup() };
}

describe('fatal-error screen (spec section 2)', () => {
  it('shows the crash emoji, the corruption message and a Reload App button', async () => {
    const { reload, user } = renderScreen();
    expect(screen.getByText('💥')).toBeTruthy();
    expect(screen.getByText(/The app has been corrupted by an unexpected error/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload App' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps the error message and stack in a collapsed technical-details area', async () => {
    const { error, user } = renderScreen();
    const summary = screen.getByText('Technical details');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(summary);
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('TypeError: chat.messages is undefined');
    expect(details.textContent).toContain(error.stack!.split('\n')[1]!.trim());
  });

  it('Dump All Local Data shows the dump read-only with its size in bytes', async () => {
    const { actions, user } = renderScreen();
    await user.click(screen.getByText('Recovery Options'));
    await user.click(screen.getByRole('button', { name: 'Dump All Local Data' }));
    const textarea = await screen.findByLabelText<HTMLTextAreaElement>('All local data (read-only)');
    expect(actions.dumpAllLocalData).toHaveBeenCalledOnce();
    expect(textarea.readOnly).toBe(true);
    expect(textarea.value).toBe('{"TM_themeMode":"\\"dark\\""}');
    expect(screen.getByText('2,048 bytes (2 KB)')).toBeTruthy();
  });

  it('a failing dump says so instead of crashing', async () => {
    const { user } = renderScreen({
      dumpAllLocalData: vi.fn(async () => Promise.reject(new Error('IDB gone'))),
    });
    await user.click(screen.getByText('Recovery Options'));
    await user.click(screen.getByRole('button', { name: 'Dump All Local Data' }));
    expect((await screen.findByRole('alert')).textContent).toContain('IDB gone');
  });

  it('spec §4 clear-all: asks for confirmation; Cancel clears nothing', async () => {
    const { actions, reload, user } = renderScreen();
    await user.click(screen.getByText('Recovery Options'));
    await user.click(screen.getByRole('button', { name: 'Clear All Data' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Clear all data?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(actions.clearAllLocalData).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('spec §4 clear-all: confirming clears the data, then reloads', async () => {
    const order: string[] = [];
    const { reload, user } = renderScreen({
      clearAllLocalData: vi.fn(async () => {
        order.push('clear');
      }),
    });
    reload.mockImplementation(() => order.push('reload'));
    await user.click(screen.getByText('Recovery Options'));
    await user.click(screen.getByRole('button', { name: 'Clear All Data' }));
    await user.click(screen.getByRole('button', { name: 'Clear everything' }));
    await waitFor(() => expect(order).toEqual(['clear', 'reload']));
  });
});
