import { parsePrompt } from '@parley/core/entities';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Composer } from '../../src/features/chat/Composer';
import { promptSlashMenu } from '../../src/features/prompts';
import { usePromptUi } from '../../src/features/prompts/prompt-ui-store';
import { renderWithChat } from '../chat/render-chat';

async function withPrompts() {
  const view = renderWithChat(<Composer slashMenu={promptSlashMenu} />);
  await view.store.prompts.putMany([
    parsePrompt({ id: 'p-1', title: 'Tea order', content: 'Two cups of tea, please.' }),
    parsePrompt({ id: 'p-2', title: 'Travel plan', content: 'Plan a trip to {{city}}.' }),
  ]);
  return view;
}

describe('the / menu of the message box', () => {
  it('filters as you type; arrows move, Enter puts the chosen prompt in place of the /text', async () => {
    const user = userEvent.setup();
    const { store } = await withPrompts();
    const box = screen.getByLabelText('Message');
    await user.type(box, '/t');
    const list = await screen.findByRole('listbox', { name: 'Prompts' });
    await waitFor(() => expect(list.querySelectorAll('[role="option"][id]').length).toBeGreaterThan(1));
    expect(box.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')?.id,
    );
    const selected = () =>
      screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected()).toBe(0);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe(1);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected()).toBe(screen.getAllByRole('option').length - 1);
    await user.type(box, 'ea order');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', 'Two cups of tea, please.'));
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter chose: nothing was sent.
    expect(await store.chats.count()).toBe(0);
  });

  it('a prompt with blanks opens the fill-in form instead of going in as written', async () => {
    const user = userEvent.setup();
    usePromptUi.setState({ filling: null });
    await withPrompts();
    const box = screen.getByLabelText('Message');
    await user.type(box, '/travel');
    await screen.findByRole('option', { name: /Travel plan/ });
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(usePromptUi.getState().filling).toMatchObject({ title: 'Travel plan', mode: 'replace' }),
    );
    usePromptUi.setState({ filling: null });
  });

  it('opens only for a / at the very start, and Escape closes it without touching the text', async () => {
    const user = userEvent.setup();
    await withPrompts();
    const box = screen.getByLabelText('Message');
    await user.type(box, 'a/t');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(box);
    await user.type(box, '/');
    await screen.findByRole('listbox', { name: 'Prompts' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveProperty('value', '/');
    // Typing on keeps it closed until the text no longer starts with /.
    await user.type(box, 'x');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(box);
    await user.type(box, '/');
    await screen.findByRole('listbox', { name: 'Prompts' });
  });
});
