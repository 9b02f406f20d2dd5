import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../src/ui/Button';
import { Dialog } from '../../src/ui/Dialog';
import { IconButton } from '../../src/ui/IconButton';

const tooltip = () => document.querySelector('[role="tooltip"]');

function OpensFromTheKeyboard() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Fill in the prompt" closeLabel="Cancel">
        <input aria-label="days" />
        <IconButton label="Clear" icon="x" />
      </Dialog>
    </>
  );
}

describe('Tooltip', () => {
  beforeEach(() => {
    // A real browser matches :focus-visible after any key press, programmatic focus included; jsdom never does.
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':focus-visible' ? this === document.activeElement : matches.call(this, selector);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows when Tab brings focus to its button', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="before" />
        <IconButton label="Copy" icon="c" />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'before' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy' })).toBe(document.activeElement);
    expect(tooltip()?.textContent).toBe('Copy');
  });

  it('shows nothing when a dialog opened from the keyboard moves focus itself (opening, closing)', async () => {
    const user = userEvent.setup();
    render(<OpensFromTheKeyboard />);
    screen.getByRole('button', { name: 'Open' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Fill in the prompt' });
    // The first field of the body, and no bubble over it.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'days' }));
    expect(tooltip()).toBeNull();
    // Tab on to an icon button is the keyboard's move: its name shows.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    expect(tooltip()?.textContent).toBe('Clear');
    await user.keyboard('{Escape}');
    expect(dialog.isConnected).toBe(false);
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
    expect(tooltip()).toBeNull();
  });
});
