import type { Chat } from '@parley/core/entities';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithChat } from '../chat/render-chat';
import { useActiveChat } from '../../src/features/chat/chat-runtime';
import { ModelSettingsForm } from '../../src/features/model-settings/ModelSettingsForm';

/** The form of the open chat, as the model settings button shows it. */
function OpenChatSettings() {
  const chat = useActiveChat((state) => state.chat);
  return chat ? <ModelSettingsForm chat={chat} /> : null;
}

const storedChat = {
  id: 'ch-settings',
  chatID: 'ch-settings',
  createdAt: '2024-05-03T11:00:00.000Z',
  updatedAt: '2024-05-03T11:00:00.000Z',
  messages: [],
};

async function openChat(fields: Record<string, unknown>) {
  const view = renderWithChat(<OpenChatSettings />);
  await view.store.chats.put({ ...storedChat, ...fields } as unknown as Chat);
  await view.runtime.active.open(storedChat.id);
  return view;
}

describe('ModelSettingsForm for one chat', () => {
  it("RQ2 shows the chat's own typed settings and saves an edit into modelSettings, keeping the others", async () => {
    const user = userEvent.setup();
    const { store } = await openChat({ modelSettings: { temperature: 0.3, contextLimit: 4 } });
    const temperature = await screen.findByRole('textbox', { name: /^Temperature/ });
    expect(temperature).toHaveProperty('value', '0.3');
    const topP = screen.getByRole('textbox', { name: /^Top P/ });
    expect(topP).toHaveProperty('value', '');
    await user.type(topP, '0.4');
    await user.tab();
    await waitFor(async () =>
      expect((await store.chats.get(storedChat.id))?.modelSettings).toEqual({
        temperature: 0.3,
        contextLimit: 4,
        topP: 0.4,
      }),
    );
  });

  it('a damaged stored value shows as empty (the default) and the valid ones still show', async () => {
    await openChat({ modelSettings: { temperature: 'hot', maxTokens: 256 } });
    expect(await screen.findByRole('textbox', { name: /^Temperature/ })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: /^Max tokens/ })).toHaveProperty('value', '256');
  });

  it('RQ2 Reset to defaults clears every own setting and the system message', async () => {
    const user = userEvent.setup();
    const { store } = await openChat({
      systemMessage: 'Be brief.',
      modelSettings: { temperature: 1.2, stream: false },
    });
    await user.click(await screen.findByRole('button', { name: 'Reset to defaults' }));
    await waitFor(async () => {
      const chat = await store.chats.get(storedChat.id);
      expect(chat?.systemMessage).toBeNull();
      expect(chat?.modelSettings).toMatchObject({ temperature: null, stream: null });
    });
    expect(await screen.findByRole('textbox', { name: /^Temperature/ })).toHaveProperty('value', '');
  });
});
