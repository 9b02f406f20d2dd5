import type { Chat } from '@parley/core/entities';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('each setting is a labelled slider with its number beside it; a slider move is saved once it rests', async () => {
    const { store } = await openChat({ modelSettings: { temperature: 0.3 } });
    const slider = await screen.findByRole('slider', { name: 'Temperature' });
    expect(slider).toHaveProperty('value', '0.3');
    expect(slider.getAttribute('max')).toBe('2');
    fireEvent.change(slider, { target: { value: '0.75' } });
    expect(screen.getByRole('textbox', { name: 'Temperature' })).toHaveProperty('value', '0.75');
    fireEvent.pointerUp(slider);
    await waitFor(async () =>
      expect((await store.chats.get(storedChat.id))?.modelSettings).toEqual({ temperature: 0.75 }),
    );
  });

  it('RC4 RC5 a Claude chat: temperature 0–1, no penalties, max tokens up to its output limit', async () => {
    await openChat({ model: 'claude-opus-4-1' });
    expect((await screen.findByRole('slider', { name: 'Temperature' })).getAttribute('max')).toBe('1');
    expect(screen.queryByRole('slider', { name: 'Presence penalty' })).toBeNull();
    expect(screen.getByRole('slider', { name: 'Max tokens' }).getAttribute('max')).toBe('32000');
    expect(screen.getByRole('slider', { name: 'Top K' })).toBeDefined();
  });

  it('RC1 a thinking budget for Claude: saved per chat, and temperature is marked as not sent', async () => {
    const { store } = await openChat({ model: 'claude-sonnet-4-5' });
    const reasoning = await screen.findByRole('region', { name: 'Reasoning' });
    expect(within(reasoning).queryByRole('combobox', { name: 'Reasoning effort' })).toBeNull();
    const budget = within(reasoning).getByRole('textbox', { name: 'Thinking budget' });
    fireEvent.change(budget, { target: { value: '8000' } });
    fireEvent.blur(budget);
    await waitFor(async () =>
      expect((await store.chats.get(storedChat.id))?.modelSettings).toEqual({ thinkingBudget: 8000 }),
    );
    // Temperature and top K: Claude takes neither while it thinks (RC6).
    expect(await screen.findAllByText('Not sent now')).toHaveLength(2);
    expect(screen.getByText(/While Claude Sonnet 4.5 reasons/)).toBeDefined();
  });

  it('RC2 an OpenAI chat offers the efforts its model accepts and verbosity; the choice is saved', async () => {
    const user = userEvent.setup();
    const { store } = await openChat({ model: 'gpt-5.1' });
    const effort = await screen.findByRole('combobox', { name: 'Reasoning effort' });
    const options = within(effort)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Provider default', 'None', 'Low', 'Medium', 'High']);
    await user.selectOptions(effort, 'high');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verbosity' }), 'low');
    await waitFor(async () =>
      expect((await store.chats.get(storedChat.id))?.modelSettings).toEqual({
        reasoningEffort: 'high',
        verbosity: 'low',
      }),
    );
    expect(screen.queryByRole('textbox', { name: 'Thinking budget' })).toBeNull();
  });

  it('RC1 a model without reasoning controls shows no Reasoning section', async () => {
    await openChat({ model: 'gpt-4.1' });
    await screen.findByRole('slider', { name: 'Temperature' });
    expect(screen.queryByRole('region', { name: 'Reasoning' })).toBeNull();
  });
});

describe('ModelSettingsForm for the defaults', () => {
  it('shows every reasoning control and saves the defaults into the synced settings', async () => {
    const user = userEvent.setup();
    const { appState } = renderWithChat(<ModelSettingsForm chat={null} />);
    const effort = await screen.findByRole('combobox', { name: 'Reasoning effort' });
    expect(within(effort).getAllByRole('option')).toHaveLength(7);
    await user.selectOptions(effort, 'minimal');
    const budget = screen.getByRole('textbox', { name: 'Thinking budget' });
    fireEvent.change(budget, { target: { value: '4096' } });
    fireEvent.blur(budget);
    await waitFor(() =>
      expect(appState.settings.getState().values).toMatchObject({
        defaultReasoningEffort: 'minimal',
        defaultThinkingBudget: 4096,
      }),
    );
    expect(screen.getByRole('slider', { name: 'Temperature' }).getAttribute('max')).toBe('2');
  });
});
