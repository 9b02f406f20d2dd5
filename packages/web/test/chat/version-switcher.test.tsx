import { chatPath } from '@parley/core/chat';
import type { Chat } from '@parley/core/entities';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chatCommands } from '../../src/features/chat/chat-commands';
import { MessageItem } from '../../src/features/chat/MessageItem';
import type { ChatActions } from '../../src/features/chat/use-chat-actions';
import { renderWithChat } from './render-chat';

const at = (minute: number) => `2024-05-03T11:0${minute}:00.000Z`;
/** One question answered three times (two regenerations); the last one selected. */
const branched = {
  id: 'ch-versions',
  createdAt: at(0),
  updatedAt: at(4),
  messages: [
    { id: 'm-q', role: 'user', content: 'question', parentId: null, createdAt: at(1), updatedAt: at(1) },
    {
      id: 'm-a1',
      role: 'assistant',
      content: 'first answer',
      parentId: 'm-q',
      createdAt: at(2),
      updatedAt: at(2),
    },
    {
      id: 'm-a2',
      role: 'assistant',
      content: 'second answer',
      parentId: 'm-q',
      createdAt: at(3),
      updatedAt: at(3),
    },
    {
      id: 'm-a3',
      role: 'assistant',
      content: 'third answer',
      parentId: 'm-q',
      createdAt: at(4),
      updatedAt: at(4),
    },
  ],
  selectedPath: { leafId: 'm-a3', updatedAt: at(4) },
};

function actionsWith(switchVersion: (id: string) => void): ChatActions {
  return new Proxy({ switchVersion } as Partial<ChatActions>, {
    get: (target, key: string) => target[key as keyof ChatActions] ?? vi.fn(),
  }) as ChatActions;
}

describe('version switcher', () => {
  it('BR8 an answer with versions shows "2 / 3" and switches by click and by keyboard', async () => {
    const switchVersion = vi.fn();
    const { store } = renderWithChat(<div />);
    const chat = await store.chats.put(branched as unknown as Chat);
    renderWithChat(
      <MessageItem
        message={chat.messages[2]!}
        actions={actionsWith(switchVersion)}
        busy={false}
        isLast
        versionIndex={1}
        versionCount={3}
        previousVersionId="m-a1"
        nextVersionId="m-a3"
      />,
    );
    expect(screen.getByRole('group', { name: 'Version 2 of 3' }).textContent).toContain('2 / 3');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(switchVersion).toHaveBeenLastCalledWith('m-a1');
    screen.getByRole('button', { name: 'Next version' }).focus();
    await user.keyboard('{Enter}');
    expect(switchVersion).toHaveBeenLastCalledWith('m-a3');
  });

  it('BR8 the first version cannot go back; a message without versions shows no switcher; busy disables it', async () => {
    const { store } = renderWithChat(<div />);
    const chat = await store.chats.put(branched as unknown as Chat);
    const view = renderWithChat(
      <MessageItem
        message={chat.messages[1]!}
        actions={actionsWith(vi.fn())}
        busy
        isLast={false}
        versionIndex={0}
        versionCount={3}
        nextVersionId="m-a2"
      />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous version' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next version' }).disabled).toBe(true);
    view.unmount();
    renderWithChat(
      <MessageItem message={chat.messages[0]!} actions={actionsWith(vi.fn())} busy={false} isLast={false} />,
    );
    expect(screen.queryByRole('group', { name: /Version/ })).toBeNull();
  });

  it('BR8 switching shows the other version at once and is stored, so a reload keeps it', async () => {
    const { runtime, store } = renderWithChat(<div />);
    await store.chats.put(branched as unknown as Chat);
    await runtime.active.open(branched.id);
    const saved = chatCommands.switchVersion(runtime, branched.id, 'm-a1');
    // Before the write finishes, the open chat already shows the first answer.
    expect(chatPath(runtime.active.getState().chat!).map((m) => m.content)).toEqual([
      'question',
      'first answer',
    ]);
    await saved;
    const stored = (await store.chats.get(branched.id))!;
    expect(stored.selectedPath?.leafId).toBe('m-a1');
    expect(stored.messages).toHaveLength(4);
  });
});
