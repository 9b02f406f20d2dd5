import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App';
import { CRASH_TEST_KEY, isCrashRequested, TestCrashError } from '../../src/features/errors/crash-test-hook';
import { testServices } from '../support/test-services';

describe('error boundary (spec section 4: normal, then hasError)', () => {
  beforeEach(() => {
    // React logs caught render errors; the assertions below cover what matters.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('renders the app normally when nothing throws', () => {
    const { services } = testServices();
    render(<App services={services} />);
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.queryByText('Reload App')).toBeNull();
    expect(services.reportError).not.toHaveBeenCalled();
  });

  it('a render crash shows the fatal screen and reports the error once', () => {
    localStorage.setItem(CRASH_TEST_KEY, '1');
    const { services } = testServices();
    render(<App services={services} />);
    expect(screen.getByRole('button', { name: 'Reload App' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(services.reportError).toHaveBeenCalledOnce();
    const [error, context] = vi.mocked(services.reportError).mock.calls[0]!;
    expect(error).toBeInstanceOf(TestCrashError);
    expect(context.componentStack).toContain('CrashTestTrigger');
  });

  it('the recovery buttons call the injected functions', async () => {
    localStorage.setItem(CRASH_TEST_KEY, '1');
    const { services } = testServices();
    const user = userEvent.setup();
    render(<App services={services} />);
    await user.click(screen.getByRole('button', { name: 'Reload App' }));
    expect(services.reload).toHaveBeenCalledOnce();
    await user.click(screen.getByText('Recovery Options'));
    await user.click(screen.getByRole('button', { name: 'Dump All Local Data' }));
    expect(await screen.findByText('{"fake":true}')).toBeTruthy();
    expect(services.recovery.dumpAllLocalData).toHaveBeenCalledOnce();
  });

  it('a reporter that throws does not take the recovery screen down', () => {
    localStorage.setItem(CRASH_TEST_KEY, '1');
    const { services } = testServices({
      reportError: () => {
        throw new Error('reporter offline');
      },
    });
    render(<App services={services} />);
    expect(screen.getByRole('button', { name: 'Reload App' })).toBeTruthy();
  });
});

describe('crash test hook', () => {
  it('is armed by ?__crash=1 or by the TM_testCrash flag, and by nothing else', () => {
    expect(isCrashRequested('?__crash=1', () => null)).toBe(true);
    expect(isCrashRequested('', () => '1')).toBe(true);
    expect(isCrashRequested('?__crash=0', () => '0')).toBe(false);
    expect(isCrashRequested('', () => null)).toBe(false);
    expect(
      isCrashRequested('', () => {
        throw new Error('storage blocked');
      }),
    ).toBe(false);
  });
});
