import type { Message } from '@parley/core/entities';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageRow } from '../../src/features/chat/MessageRow';
import type { ChatActions } from '../../src/features/chat/use-chat-actions';
import { MessageBoundary } from '../../src/features/errors';
import { createI18n } from '../../src/i18n';
import { answer } from '../chat/answer-item';
import { renderWithChat } from '../chat/render-chat';

const noActions = new Proxy({}, { get: () => vi.fn() }) as ChatActions;

function Boom({ text }: { text: string }): never {
  throw new Error(`cannot render ${text}`);
}

describe('one message that cannot be rendered (decision 0068)', () => {
  beforeEach(() => {
    // React logs the caught render errors; the assertions below cover what matters.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows only that message as an error line; Show raw text reveals its text as written; the others render', async () => {
    const user = userEvent.setup();
    // Stored data a render trips over (a tool call without its function), between two good answers.
    const broken = {
      ...answer({ id: 'm-broken' }, 'The **raw** text\n> as written'),
      tool_calls: [{ id: 'call-1', type: 'function' }],
    } as unknown as Message;
    const rows = [answer({ id: 'm-1' }, 'First answer'), broken, answer({ id: 'm-3' }, 'Third answer')];
    renderWithChat(
      <>
        {rows.map((message) => (
          <MessageRow
            key={message.id}
            chatId="ch-1"
            message={message}
            rowId={message.id}
            actions={noActions}
            busy={false}
            isLast={false}
          />
        ))}
      </>,
    );
    expect(await screen.findByText('First answer')).toBeTruthy();
    expect(await screen.findByText('Third answer')).toBeTruthy();
    expect(screen.getAllByText('This message could not be shown.')).toHaveLength(1);
    expect(screen.queryByText(/as written/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show raw text' }));
    const raw = document.querySelector('pre');
    expect(raw?.textContent).toBe('The **raw** text\n> as written');
    // Plain text: no markdown was applied to it.
    expect(raw?.querySelector('strong, blockquote')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide raw text' }));
    expect(document.querySelector('pre')).toBeNull();
    // Still one article per good answer, and the app around them is untouched.
    expect(screen.getAllByRole('article', { name: 'Assistant' })).toHaveLength(2);
  });

  it('reports the error once and tries a new text again (the next chunk of a streaming answer)', async () => {
    const report = vi.fn();
    const Maybe = ({ text }: { text: string }) =>
      text.includes('bad') ? <Boom text={text} /> : <p>{text}</p>;
    const ui = (text: string) => (
      <I18nextProvider i18n={createI18n()}>
        <MessageBoundary text={text} report={report}>
          <Maybe text={text} />
        </MessageBoundary>
      </I18nextProvider>
    );
    const view = render(ui('a bad start'));
    expect(screen.getByText('This message could not be shown.')).toBeTruthy();
    expect(report).toHaveBeenCalledOnce();
    view.rerender(ui('a good ending'));
    await waitFor(() => expect(screen.getByText('a good ending')).toBeTruthy());
    expect(screen.queryByText('This message could not be shown.')).toBeNull();
  });
});
