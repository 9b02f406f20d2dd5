import type { Message } from '@parley/core/entities';
import { describe, expect, it } from 'vitest';
import { comparisonOnPath } from '../../src/features/chat/comparison-view';
import type { Comparison } from '../../src/features/chat/comparison-store';
import { createStreamingStore } from '../../src/features/chat/streaming-store';

const msg = (id: string): Message =>
  ({ id, role: 'user', content: id, createdAt: '', updatedAt: '' }) as Message;
const comparison: Comparison = {
  parentId: 'q',
  columns: ['a1', 'a2'].map((messageId) => ({
    messageId,
    model: { id: messageId } as Comparison['columns'][number]['model'],
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
