import { describe, expect, it } from 'vitest';
import { nextAutoReadChoice, readsAnswersAloud } from '../../src/features/speech/auto-read-choice';

describe('reading answers aloud per chat (decision 0122)', () => {
  it("the chat's own choice wins over Voice settings; null follows them", () => {
    expect(readsAnswersAloud(null, true)).toBe(true);
    expect(readsAnswersAloud(null, false)).toBe(false);
    expect(readsAnswersAloud(undefined, true)).toBe(true);
    expect(readsAnswersAloud(false, true)).toBe(false);
    expect(readsAnswersAloud(true, false)).toBe(true);
  });

  it('a press turns the chat to the opposite, and back to following Voice settings', () => {
    // Voice settings off: on for this chat, then off again (following the settings).
    expect(nextAutoReadChoice(null, false)).toBe(true);
    expect(nextAutoReadChoice(true, false)).toBeNull();
    // Voice settings on: off for this chat, then on again (following the settings).
    expect(nextAutoReadChoice(null, true)).toBe(false);
    expect(nextAutoReadChoice(false, true)).toBeNull();
    // A stored choice that now equals the settings (they changed since) still flips what is heard.
    expect(nextAutoReadChoice(true, true)).toBe(false);
  });
});
