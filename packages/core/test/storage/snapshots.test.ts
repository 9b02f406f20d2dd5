import { describe, expect, it } from 'vitest';
import {
  dataFormatOf,
  isDailySnapshotDue,
  parseUpgradeMarker,
  planStartup,
  snapshotsToPrune,
  type SnapshotInfo,
} from '../../src/storage/snapshots';
import { CHAT_SCHEMA_VERSION } from '../../src/entities';

const DAY = 24 * 60 * 60 * 1000;
const t0 = Date.parse('2026-11-25T12:00:00.000Z');

function snapshot(id: string, ageDays: number, reason: SnapshotInfo['reason'] = 'daily'): SnapshotInfo {
  return {
    id,
    takenAt: new Date(t0 - ageDays * DAY).toISOString(),
    reason,
    dataFormat: 'f',
    bytes: 1,
    counts: {},
  };
}

describe('snapshots', () => {
  it('SN1 the data format names the database version and every entity version', () => {
    const format = dataFormatOf(1);
    expect(format).toContain('db1');
    expect(format).toContain(`chat${String(CHAT_SCHEMA_VERSION)}`);
    expect(dataFormatOf(2)).not.toBe(format);
  });

  it('SN2 SN5 startup: new devices and same-format data are ready; other formats upgrade; a marker restores', () => {
    const current = 'db1.chat3';
    expect(planStartup({ storedFormat: null, marker: null, hasData: false, currentFormat: current })).toEqual(
      {
        kind: 'ready',
      },
    );
    expect(
      planStartup({ storedFormat: current, marker: null, hasData: true, currentFormat: current }).kind,
    ).toBe('ready');
    expect(
      planStartup({ storedFormat: 'db1.chat2', marker: null, hasData: true, currentFormat: current }),
    ).toEqual({
      kind: 'upgrade',
      from: 'db1.chat2',
    });
    expect(planStartup({ storedFormat: null, marker: null, hasData: true, currentFormat: current })).toEqual({
      kind: 'upgrade',
      from: 'unrecorded',
    });
    const marker = parseUpgradeMarker(
      JSON.stringify({ state: 'running', snapshotId: 's1', from: 'a', to: 'b', startedAt: 'x' }),
    );
    expect(marker?.snapshotId).toBe('s1');
    expect(planStartup({ storedFormat: current, marker, hasData: true, currentFormat: current }).kind).toBe(
      'interrupted',
    );
  });

  it('SN5 a malformed marker is no marker', () => {
    for (const text of [null, '', '{', 'null', '{"state":"done","snapshotId":"s"}', '{"state":"running"}']) {
      expect(parseUpgradeMarker(text)).toBeNull();
    }
  });

  it('SN3 a daily snapshot is due with none, after a day, or when the newest is in the future', () => {
    expect(isDailySnapshotDue([], t0)).toBe(true);
    expect(isDailySnapshotDue([snapshot('a', 0.5)], t0)).toBe(false);
    expect(isDailySnapshotDue([snapshot('a', 1)], t0)).toBe(true);
    expect(isDailySnapshotDue([snapshot('a', 3), snapshot('b', 0.1)], t0)).toBe(false);
    expect(isDailySnapshotDue([snapshot('a', -2)], t0)).toBe(true);
  });

  it('SN4 the newest seven stay, and the newest before-upgrade one is never pruned', () => {
    const many = Array.from({ length: 10 }, (_, i) => snapshot(`d${String(i)}`, i));
    expect(snapshotsToPrune(many)).toEqual(['d7', 'd8', 'd9']);
    const withGuard = [...many.slice(0, 9), snapshot('up', 20, 'before-upgrade')];
    expect(snapshotsToPrune(withGuard)).toEqual(['d6', 'd7', 'd8']);
    expect(snapshotsToPrune(many.slice(0, 3))).toEqual([]);
  });
});
