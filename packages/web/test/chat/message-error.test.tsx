import type { Message } from '@parley/core/entities';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageItem } from '../../src/features/chat/MessageItem';
import { ModelPicker } from '../../src/features/model-picker';
import type { ChatActions } from '../../src/features/chat/use-chat-actions';
import { answer } from './answer-item';
import { renderWithChat } from './render-chat';

/** CE1, CE4, CE5: a failed answer shows its error once, in the chat, with what the user can do. */

function renderFailed(message: Message, place = { busy: false, isLast: true }) {
  const retry = vi.fn();
  const continueAnswer = vi.fn();
  const actions = new Proxy({ retry, continueAnswer } as Partial<ChatActions>, {
    get: (target, key: keyof ChatActions) => target[key] ?? vi.fn(),
  }) as ChatActions;
  const view = renderWithChat(<MessageItem message={message} actions={actions} {...place} />);
  return { view, retry, continueAnswer };
}

const failed = (code: string, message: string, content = '') =>
  answer({ error: { code, message }, finish: null }, content);

describe('the error card of a failed answer', () => {
  it('CE1 a quota error (429 insufficient_quota) says billing or credits, once, and never "Invalid API key"', () => {
    const { view } = renderFailed(
      failed(
        'insufficient_quota',
        'You exceeded your current quota, please check your plan and billing details.',
      ),
    );
    const alerts = view.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toMatch(/Your OpenAI account needs billing or credits/);
    expect(alerts[0]?.textContent).toMatch(/key was accepted.*billing set up and credits available/);
    expect(alerts[0]?.textContent).toMatch(/OpenAI said: You exceeded your current quota/);
    expect(alerts[0]?.textContent).not.toMatch(/Invalid API key/);
  });

  it('CE4 a server error before any text offers Retry only', () => {
    const { view, retry } = renderFailed(failed('server_error', 'Internal server error'));
    expect(view.getByRole('alert').textContent).toMatch(/OpenAI had an error on its side/);
    expect(view.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('CE4 a stream cut mid-answer keeps the text and offers Continue and Retry', () => {
    const { view, continueAnswer, retry } = renderFailed(
      failed('stream_interrupted', 'The response stream ended before the model finished', 'The first half'),
    );
    expect(view.getByText('The first half')).toBeTruthy();
    expect(view.getByRole('alert').textContent).toMatch(/stopped before it was complete.*Continue to finish/);
    fireEvent.click(view.getByRole('button', { name: 'Continue' }));
    expect(continueAnswer).toHaveBeenCalledTimes(1);
    expect(retry).not.toHaveBeenCalled();
  });

  it('CE4 no buttons on an older answer or while another answer streams', () => {
    const message = failed('overloaded', 'Overloaded', 'Some text');
    for (const place of [
      { busy: false, isLast: false },
      { busy: true, isLast: true },
    ]) {
      const { view } = renderFailed(message, place);
      expect(view.getByRole('alert').textContent).toMatch(/overloaded right now/);
      expect(view.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(view.queryByRole('button', { name: 'Retry' })).toBeNull();
      view.unmount();
    }
  });
});

describe('an answer whose model is gone at its provider (not_found)', () => {
  const gone = () =>
    failed('not_found', 'The model `gpt-4-turbo` does not exist or you do not have access to it.');

  it("CE1 shows the provider's not-found message, what to do, and Choose another model beside Retry", () => {
    const { view } = renderFailed(gone());
    const alert = view.getByRole('alert');
    expect(alert.textContent).toMatch(/Unable to use the API\. Error message:/);
    expect(alert.textContent).toMatch(/The model `gpt-4-turbo` does not exist/);
    expect(alert.textContent).toMatch(
      /This model is not available at OpenAI: it may have been retired or renamed/,
    );
    expect(view.getByRole('button', { name: 'Choose another model' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('CE1 Choose another model opens the model picker, focused, through the chat runtime', () => {
    const actions = new Proxy({} as ChatActions, { get: () => vi.fn() });
    const view = renderWithChat(
      <>
        <ModelPicker />
        <MessageItem message={gone()} actions={actions} busy={false} isLast />
      </>,
    );
    const picker = view.getByRole('combobox', { name: 'Model' });
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(view.getByRole('button', { name: 'Choose another model' }));
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(picker);
  });

  it('CE1 other errors, and older answers, have no Choose another model', () => {
    const { view } = renderFailed(failed('server_error', 'boom'));
    expect(view.queryByRole('button', { name: 'Choose another model' })).toBeNull();
    view.unmount();
    const older = renderFailed(gone(), { busy: false, isLast: false });
    expect(older.view.queryByRole('button', { name: 'Choose another model' })).toBeNull();
  });
});
