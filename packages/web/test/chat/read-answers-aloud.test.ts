import { parseChat } from '@parley/core/entities';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ChatRuntime } from '../../src/features/chat/chat-runtime';
import { finishedAnswersOf } from '../../src/features/chat/read-answers-aloud';
import {
  clearStreamingAnswer,
  createStreamingStore,
  setStreamingAnswer,
} from '../../src/features/chat/streaming-store';

const chatWith = (answer: string | undefined, autoRead: boolean | null = null) =>
  parseChat({
    id: 'ch-1',
    autoRead,
    messages: [
      { id: 'msg-q', role: 'user', content: 'Capital?' },
      ...(answer === undefined ? [] : [{ id: 'msg-a', role: 'assistant', content: answer }]),
    ],
  });

function runtime() {
  const streaming = createStreamingStore();
  const active = createStore(() => ({ activeChatId: 'ch-1', chat: chatWith(undefined), loading: false }));
  return { streaming, active: active as unknown as ChatRuntime['active'], setChat: active.setState };
}

describe('finished answers (read answers aloud)', () => {
  it('hands over an answer once it leaves the stream, also when it lands in the chat a moment later', () => {
    const { streaming, active, setChat } = runtime();
    const heard = vi.fn();
    const stop = finishedAnswersOf({ streaming, active })(heard);
    setStreamingAnswer(streaming, {
      chatId: 'ch-1',
      messageId: 'msg-a',
      modelId: 'm',
      text: 'Par',
      reasoning: '',
      phase: 'streaming',
    });
    expect(heard).not.toHaveBeenCalled();
    clearStreamingAnswer(streaming, 'ch-1');
    expect(heard).not.toHaveBeenCalled(); // not in the chat yet
    setChat({ chat: chatWith('Paris.') });
    expect(heard).toHaveBeenCalledWith('msg-a', 'Paris.', null);
    stop();
  });

  it("hands over the chat's own choice with the answer (decision 0122)", () => {
    const { streaming, active, setChat } = runtime();
    setChat({ chat: chatWith('Paris.', false) });
    const heard = vi.fn();
    const stop = finishedAnswersOf({ streaming, active })(heard);
    setStreamingAnswer(streaming, {
      chatId: 'ch-1',
      messageId: 'msg-a',
      modelId: 'm',
      text: 'Paris.',
      reasoning: '',
      phase: 'streaming',
    });
    clearStreamingAnswer(streaming, 'ch-1');
    expect(heard).toHaveBeenCalledWith('msg-a', 'Paris.', false);
    stop();
  });

  it('says nothing for another chat, or after unsubscribing', () => {
    const { streaming, active, setChat } = runtime();
    setChat({ chat: chatWith('Paris.') });
    const heard = vi.fn();
    const stop = finishedAnswersOf({ streaming, active })(heard);
    setStreamingAnswer(streaming, {
      chatId: 'ch-2',
      messageId: 'msg-a',
      modelId: 'm',
      text: '',
      reasoning: '',
      phase: 'waiting',
    });
    clearStreamingAnswer(streaming, 'ch-2');
    stop();
    setStreamingAnswer(streaming, {
      chatId: 'ch-1',
      messageId: 'msg-a',
      modelId: 'm',
      text: '',
      reasoning: '',
      phase: 'waiting',
    });
    clearStreamingAnswer(streaming, 'ch-1');
    expect(heard).not.toHaveBeenCalled();
  });
});
