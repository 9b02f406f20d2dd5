import { describe, expect, it } from 'vitest';
import { parseChat } from '../../src/entities';
import { shareSnapshotOf } from '../../src/chat/share-snapshot';

const at = '2026-11-25T10:00:00.000Z';
const msg = (id: string, parentId: string | null, role: string, content: unknown, extra = {}) => ({
  id,
  parentId,
  role,
  content,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

describe('share snapshot', () => {
  it('SL1 the selected path only, user and assistant text with files named, nothing internal', () => {
    const chat = parseChat({
      id: 'ch-1',
      chatTitle: 'Trip',
      model: 'gpt-5.1',
      messages: [
        msg('w', null, 'assistant', 'Hi, I am your guide', { type: 'character-welcome-message' }),
        msg('u1', 'w', 'user', [
          { type: 'text', text: 'Plan this' },
          { type: 'tm_text_file', text: 'secret file text', metadata: { name: 'plan.pdf' } },
        ]),
        msg('a1', 'u1', 'assistant', 'First answer'),
        msg('a2', 'u1', 'assistant', 'Second answer', { model: 'claude-sonnet-4-5' }),
        msg('f1', 'a2', 'function', 'tool output', { name: 'search', type: 'tool-response' }),
      ],
      selectedPath: { leafId: 'a2', updatedAt: at },
    });
    const snapshot = shareSnapshotOf(chat, at)!;
    expect(snapshot.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Plan this\n\n📎 plan.pdf'],
      ['assistant', 'Second answer'],
    ]);
    expect(snapshot.messages[1]?.model).toBe('claude-sonnet-4-5');
    expect(JSON.stringify(snapshot)).not.toContain('secret file text');
    expect(shareSnapshotOf(parseChat({ id: 'ch-2', messages: [] }), at)).toBeNull();
  });
});
