import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../src/ui/Button';
import { Dialog } from '../../src/ui/Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Rename chat" closeLabel="Close">
        <input aria-label="Name" />
        <Button>Save</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, with focus moved inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename chat' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("focus starts on the body's first field, not on the header's close button", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it("with initialFocus 'panel' the dialog itself takes focus; a body without controls does the same", () => {
    const { unmount } = render(
      <Dialog open onClose={() => undefined} title="Shortcuts" closeLabel="Close" initialFocus="panel">
        <Button>Change</Button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Shortcuts' }));
    unmount();
    render(
      <Dialog open onClose={() => undefined} title="About" closeLabel="Close">
        <p>Nothing to press</p>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'About' }));
  });

  it('Tab and Shift+Tab stay inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let step = 0; step < 5; step += 1) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('Escape closes it and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape still closes it after the focused button unmounted and focus fell to the page', async () => {
    function SavesAway() {
      const [open, setOpen] = useState(true);
      const [saved, setSaved] = useState(false);
      return (
        <Dialog open={open} onClose={() => setOpen(false)} title="Prompt library" closeLabel="Close">
          {saved ? <p>Saved</p> : <Button onClick={() => setSaved(true)}>Save</Button>}
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<SavesAway />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // jsdom, like Chromium, leaves focus on <body> when the focused element is removed.
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Tab}');
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the close button closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
