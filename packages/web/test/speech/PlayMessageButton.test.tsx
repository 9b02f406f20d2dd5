import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../../src/features/toasts/AppToaster';
import { installTestLicense, renderWithI18n } from '../license/testing/license-test-kit';
import { PlayMessageButton } from '../../src/features/speech/PlayMessageButton';

type FakeUtterance = { text: string; rate: number; pitch: number; onend?: () => void };

/** speechSynthesis and SpeechSynthesisUtterance as far as the button uses them. */
function installFakeSpeech() {
  const spoken: FakeUtterance[] = [];
  const synthesis = {
    speak: vi.fn((u: FakeUtterance) => spoken.push(u)),
    cancel: vi.fn(),
    getVoices: () => [],
  };
  vi.stubGlobal('speechSynthesis', synthesis);
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      rate = 0;
      pitch = 0;
      constructor(readonly text: string) {}
    },
  );
  return { spoken, synthesis };
}

describe('PlayMessageButton', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('blocked without a license: Play shows the spec message with Upgrade, and speaks nothing', async () => {
    const { synthesis } = installFakeSpeech();
    await installTestLicense();
    renderWithI18n(<PlayMessageButton text="Hello" />);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByText('You need to buy a license key to use this feature.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(synthesis.speak).not.toHaveBeenCalled();
  });

  it('allowed on Extended: speaks the plain text at rate 1 and pitch 1, toggles to Stop and back', async () => {
    const { spoken, synthesis } = installFakeSpeech();
    await installTestLicense('extended');
    renderWithI18n(<PlayMessageButton text={'**Hello** [world](https://x.org)'} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(spoken).toHaveLength(1));
    expect(spoken).toEqual([expect.objectContaining({ text: 'Hello world', rate: 1, pitch: 1 })]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(synthesis.cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(spoken).toHaveLength(2));
    act(() => spoken[1]!.onend?.());
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('says so when the browser has no speech synthesis', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    await installTestLicense('premium');
    renderWithI18n(
      <>
        <PlayMessageButton text="Hello" />
        <AppToaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByText('Your browser does not support speech synthesis.')).toBeTruthy();
  });
});
