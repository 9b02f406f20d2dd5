import { parseChat, type Message } from '@parley/core/entities';
import { describe, expect, it } from 'vitest';
import { comparisonOnPath } from '../../src/features/chat/comparison-view';
import {
  createComparisonStore,
  followStoredComparison,
  type Comparison,
} from '../../src/features/chat/comparison-store';
import { createStreamingStore } from '../../src/features/chat/streaming-store';

const msg = (id: string): Message =>
  ({ id, role: 'user', content: id, createdAt: '', updatedAt: '' }) as Message;
const comparison: Comparison = {
  parentId: 'q',
  columns: ['a1', 'a2'].map((messageId) => ({
    messageId,
    modelId: `model-of-${messageId}`,
    streaming: createStreamingStore(),
    running: false,
    stop: () => undefined,
  })),
};
const ids = (path: Message[]) => path.map((message) => message.id);

describe('the list while a comparison is open (MC*)', () => {
  it('shows the path up to the question; the answers are the side-by-side row after it', () => {
    expect(ids(comparisonOnPath(['r', 'q', 'a1'].map(msg), comparison))).toEqual(['r', 'q']);
    expect(ids(comparisonOnPath(['r', 'q'].map(msg), comparison))).toEqual(['r', 'q']);
  });

  it('a path that went on (a question after the answer) or through another version shows as it is', () => {
    expect(ids(comparisonOnPath(['q', 'a1', 'q2'].map(msg), comparison))).toEqual(['q', 'a1', 'q2']);
    expect(ids(comparisonOnPath(['q', 'older'].map(msg), comparison))).toEqual(['q', 'older']);
    expect(ids(comparisonOnPath(['x', 'y'].map(msg), comparison))).toEqual(['x', 'y']);
    expect(ids(comparisonOnPath(['q', 'a1'].map(msg), undefined))).toEqual(['q', 'a1']);
  });
});

describe('the stored comparison of the open chat (MC5)', () => {
  const stored = {
    parentId: 'q',
    columns: [
      { messageId: 'a1', model: 'gpt-5.1' },
      { messageId: 'a2', model: 'claude-sonnet-4-5' },
    ],
  };
  const chat = (comparison: typeof stored | null) =>
    parseChat({
      id: 'ch-1',
      messages: [
        { id: 'q', role: 'user', content: 'Q', parentId: null },
        { id: 'a1', role: 'assistant', content: 'A1', parentId: 'q', model: 'gpt-5.1' },
        { id: 'a2', role: 'assistant', content: 'A2', parentId: 'q', model: 'claude-sonnet-4-5' },
      ],
      comparison,
    });

  it('shows again as idle columns, and closes once the chat has none (picked elsewhere)', () => {
    const store = createComparisonStore();
    followStoredComparison(store, chat(stored));
    const shown = store.getState().byChat['ch-1'];
    expect(shown?.parentId).toBe('q');
    expect(shown?.columns.map((c) => [c.messageId, c.modelId, c.running])).toEqual([
      ['a1', 'gpt-5.1', false],
      ['a2', 'claude-sonnet-4-5', false],
    ]);
    // The same comparison again (a save of the chat) keeps the columns as they are.
    followStoredComparison(store, chat(stored));
    expect(store.getState().byChat['ch-1']).toBe(shown);
    followStoredComparison(store, chat(null));
    expect(store.getState().byChat['ch-1']).toBeUndefined();
  });

  it('a comparison answering in this tab stays while it runs', () => {
    const store = createComparisonStore();
    const running = { ...comparison, columns: comparison.columns.map((c) => ({ ...c, running: true })) };
    store.setState({ byChat: { 'ch-1': running } });
    followStoredComparison(store, chat(null));
    expect(store.getState().byChat['ch-1']).toBe(running);
  });
});
