import { describe, expect, it } from 'vitest';
import { parseUserProfile } from '../../src/entities';
import {
  currentProfile,
  PROFILE_PICTURE_MESSAGE,
  profileInitials,
  profilePictureURL,
  switchCurrentProfile,
  validateProfile,
} from '../../src/persona';

const profile = (id: string, extra: Record<string, unknown> = {}) => parseUserProfile({ id, ...extra });

describe('profiles', () => {
  it('UP1 a picture URL is empty or http(s); javascript: and data: are refused with the message', () => {
    expect(validateProfile({ picURL: '' })).toBeUndefined();
    expect(validateProfile({ picURL: 'https://example.com/me.png' })).toBeUndefined();
    expect(validateProfile({ picURL: 'http://example.com/me.png' })).toBeUndefined();
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'example.com/me.png',
      'ftp://x/y',
    ]) {
      expect(validateProfile({ picURL: bad })).toBe(PROFILE_PICTURE_MESSAGE);
    }
  });

  it('UP2 only an http(s) picture is shown; otherwise the initials', () => {
    expect(profilePictureURL({ picURL: 'javascript:alert(1)' })).toBeUndefined();
    expect(profilePictureURL({ picURL: ' https://example.com/a.png ' })).toBe('https://example.com/a.png');
    expect(profileInitials({ name: 'Ada Lovelace' })).toBe('AL');
    expect(profileInitials({ name: '' })).toBe('?');
  });

  it('UP3 switching marks exactly one live profile current and writes only what changes', () => {
    const profiles = [
      profile('a', { isCurrent: true }),
      profile('b'),
      profile('c', { isCurrent: true }),
      profile('d', { isCurrent: true, deletedAt: '2026-01-01T00:00:00.000Z' }),
    ];
    const changed = switchCurrentProfile(profiles, 'b');
    expect(changed.map((p) => [p.id, p.isCurrent])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
    expect(switchCurrentProfile([profile('a', { isCurrent: true }), profile('b')], 'a')).toEqual([]);
    expect(currentProfile(profiles)?.id).toBe('a');
    expect(currentProfile([profiles[3]!])).toBeUndefined();
  });
});
