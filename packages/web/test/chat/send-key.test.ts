import { describe, expect, it } from 'vitest';
import { isSendPress } from '../../src/features/chat/send-key';

const press = (
  key: string,
  modifiers: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'isComposing', boolean>> = {},
) => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...modifiers,
});

describe('the key that sends a message', () => {
  it('Enter sends by default; Shift+Enter adds a line; typing a composed character never sends', () => {
    expect(isSendPress(press('Enter'), 'enter')).toBe(true);
    expect(isSendPress(press('Enter', { shiftKey: true }), 'enter')).toBe(false);
    expect(isSendPress(press('Enter', { isComposing: true }), 'enter')).toBe(false);
    expect(isSendPress(press('a'), 'enter')).toBe(false);
  });

  it('with Ctrl/Cmd+Enter chosen, plain Enter adds a line and only the chord sends', () => {
    expect(isSendPress(press('Enter'), 'modEnter')).toBe(false);
    expect(isSendPress(press('Enter', { ctrlKey: true }), 'modEnter')).toBe(true);
    expect(isSendPress(press('Enter', { metaKey: true }), 'modEnter')).toBe(true);
    expect(isSendPress(press('Enter', { ctrlKey: true, shiftKey: true }), 'modEnter')).toBe(false);
  });
});
