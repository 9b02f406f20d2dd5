import type { Chat } from '@parley/core/entities';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App';
import {
  activeChatPref,
  crashedChatPref,
  forgetCrashedChat,
} from '../../src/features/chat/active-chat-store';
import { ChatView } from '../../src/features/chat/ChatView';
import { CRASH_TEST_KEY } from '../../src/features/errors/crash-test-hook';
import { testServices } from '../support/test-services';
import { renderWithChat } from './render-chat';

const at = '2024-05-03T11:00:00.000Z';
const stored = {
  id: 'ch-crashy',
  chatID: 'ch-crashy',
  chatTitle: 'The crashy chat',
  model: 'gpt-4',
  createdAt: at,
  updatedAt: at,
  messages: [
    { id: 'm-1', role: 'user', content: 'Quote me', createdAt: at, updatedAt: at },
    { id: 'm-2', role: 'assistant', content: 'A calm answer', createdAt: at, updatedAt: at },
  ],
} as unknown as Chat;

describe('a chat whose render crashed is not reopened at start (decision 0068)', () => {
  beforeEach(() => {
    // React logs the caught render errors; the assertions below cover what matters.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('after the app-wide crash screen, the next start opens a new chat; the chat is still in the list', async () => {
    activeChatPref.write('ch-crashy');
    localStorage.setItem(CRASH_TEST_KEY, '1');
    const crashed = testServices();
    await crashed.services.store.chats.put(stored);
    const first = render(<App services={crashed.services} />);
    expect(screen.getByRole('button', { name: 'Reload App' })).toBeTruthy();
    expect(crashedChatPref.read()).toBe('ch-crashy');
    first.unmount();

    // The next start: the rule runs first (app/start.tsx), then the app.
    localStorage.removeItem(CRASH_TEST_KEY);
    forgetCrashedChat();
    expect(activeChatPref.read()).toBeNull();
    expect(crashedChatPref.read()).toBeNull();
    const next = testServices({ store: crashed.services.store });
    render(<App services={next.services} />);
    expect(await screen.findByText('Start a conversation')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    // The sidebar's list still has it (opening it from there: e2e/tests/chat-markdown-hostile.spec.ts).
    const summaries = await next.services.store.chats.listSummaries();
    expect(summaries.map((summary) => summary.id)).toContain('ch-crashy');
  });

  it('a chat view that crashes shows a notice in place of the messages, and is not reopened next time', async () => {
    const { runtime } = renderWithChat(<ChatView onNewChat={() => runtime.active.startNew()} />);
    // Messages the list cannot even read: the chat-level boundary, not a row's, catches this.
    const unreadable = new Proxy([...stored.messages], {
      get(target, key, receiver) {
        if (key === Symbol.iterator) throw new Error('unreadable messages');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    activeChatPref.write('ch-crashy');
    runtime.active.setState({
      activeChatId: 'ch-crashy',
      chat: { ...stored, messages: unreadable },
      loading: false,
    });
    expect(await screen.findByText('This chat could not be shown.')).toBeTruthy();
    // The rest of the chat screen still works.
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(crashedChatPref.read()).toBe('ch-crashy');
    forgetCrashedChat();
    expect(activeChatPref.read()).toBeNull();

    // Another chat is tried afresh; a chat shown without a crash is reopened as before.
    await userEvent
      .setup()
      .click(within(screen.getByRole('alert')).getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(screen.queryByText('This chat could not be shown.')).toBeNull());
  });

  it('a chat shown without a crash clears its mark, so a later reload reopens it', async () => {
    crashedChatPref.write('ch-crashy');
    const { runtime, store } = renderWithChat(<ChatView onNewChat={() => undefined} />);
    await store.chats.put(stored);
    await runtime.active.open('ch-crashy');
    expect(await screen.findByRole('region', { name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(crashedChatPref.read()).toBeNull());
    forgetCrashedChat();
    expect(activeChatPref.read()).toBe('ch-crashy');
  });
});
