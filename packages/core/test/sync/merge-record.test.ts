import { describe, expect, it } from 'vitest';
import { parsePrompt } from '../../src/entities';
import { mergeById, mergeRecord, tombstoneOf } from '../../src/sync/merge-record';
import {
  mergeSettingsSection,
  mergeSettingsSections,
  parseSettingsSectionData,
} from '../../src/sync/settings-sections';
import { at, folder } from '../../src/sync/test-support/sync-fixtures';

describe('mergeRecord', () => {
  it('MG7 the later updatedAt wins the whole record', () => {
    const a = folder('f-1', { title: 'old', order: 1, updatedAt: at(1) });
    const b = folder('f-1', { title: 'new', order: 2, updatedAt: at(2) });
    expect(mergeRecord(a, b)).toMatchObject({ title: 'new', order: 2 });
    expect(mergeRecord(b, a)).toMatchObject({ title: 'new', order: 2 });
  });

  it('MG7 a tombstone wins over a later edit', () => {
    const deleted = tombstoneOf(folder('f-1', { updatedAt: at(1) }), at(2));
    const edited = folder('f-1', { title: 'edited', updatedAt: at(50) });
    expect(mergeRecord(deleted, edited).deletedAt).toBe(at(2));
    expect(mergeRecord(edited, deleted).deletedAt).toBe(at(2));
  });

  it('MG7 deleting a tombstone again keeps the first deletion', () => {
    const deleted = tombstoneOf(folder('f-1'), at(2));
    expect(tombstoneOf(deleted, at(9))).toBe(deleted);
  });

  it('MG8 ties go the same way whatever the argument order', () => {
    const a = parsePrompt({ id: 'p', title: 'a', updatedAt: at(3) });
    const b = parsePrompt({ id: 'p', title: 'b', updatedAt: at(3) });
    expect(mergeRecord(a, b)).toEqual(mergeRecord(b, a));
  });

  it('MG10 syncedAt does not break a tie and the later one is kept', () => {
    const a = folder('f-1', { title: 'same', updatedAt: at(3), syncedAt: at(9) });
    const b = folder('f-1', { title: 'same', updatedAt: at(3), syncedAt: null });
    expect(mergeRecord(a, b)).toEqual(mergeRecord(b, a));
    expect(mergeRecord(b, a).syncedAt).toBe(at(9));
  });

  it('MG9 mergeById merges collections by id, in id order', () => {
    const merged = mergeById(
      [folder('f-2', { title: 'x', updatedAt: at(1) }), folder('f-1')],
      [folder('f-2', { title: 'y', updatedAt: at(2) }), folder('f-3')],
      mergeRecord,
    );
    expect(merged.map((f) => [f.id, f.title])).toEqual([
      ['f-1', 'Folder f-1'],
      ['f-2', 'y'],
      ['f-3', 'Folder f-3'],
    ]);
  });
});

describe('settings sections', () => {
  it('MG11 each section is last-writer-wins by its own updatedAt', () => {
    const phone = {
      preferences: { updatedAt: at(5), data: { fontSize: 'large' } },
      prompts: { updatedAt: at(1), data: {} },
    };
    const laptop = {
      preferences: { updatedAt: at(4), data: { fontSize: 'medium' } },
      prompts: { updatedAt: at(2), data: { promptSettings: { a: 1 } } },
    };
    const merged = mergeSettingsSections(phone, laptop);
    expect(merged.preferences?.data.fontSize).toBe('large');
    expect(merged.prompts?.data.promptSettings).toEqual({ a: 1 });
    expect(mergeSettingsSection(laptop.preferences, phone.preferences)).toBe(phone.preferences);
  });

  it('MG13 profiles and memory entries in a section merge one by one; other settings follow MG11', () => {
    const work = { id: 'pr-1', name: 'Work', createdAt: at(1), updatedAt: at(1) };
    const home = { id: 'pr-2', name: 'Home', createdAt: at(2), updatedAt: at(2) };
    const laptop = { updatedAt: at(1), data: { userProfiles: [work] } };
    const phone = { updatedAt: at(2), data: { userProfiles: [home] } };
    for (const merged of [
      mergeSettingsSection(laptop, phone, 'profile'),
      mergeSettingsSection(phone, laptop, 'profile'),
    ]) {
      expect(merged.updatedAt).toBe(at(2));
      expect((merged.data.userProfiles as { name: string }[]).map((p) => p.name).sort()).toEqual([
        'Home',
        'Work',
      ]);
    }
    // A tombstone still wins over an older live copy.
    const gone = { ...work, deletedAt: at(3), updatedAt: at(3) };
    const memoryA = { updatedAt: at(3), data: { enableGlobalMemory: false, memoryEntries: [gone] } };
    const memoryB = { updatedAt: at(4), data: { enableGlobalMemory: true, memoryEntries: [work, home] } };
    const memory = mergeSettingsSection(memoryA, memoryB, 'memorySettings');
    expect(memory.data.enableGlobalMemory).toBe(true);
    expect(memory.data.memoryEntries).toEqual([gone, home].sort((a, b) => a.id.localeCompare(b.id)));
    // Nothing to add: the winner itself, so the server sees no change.
    expect(mergeSettingsSection(phone, phone, 'profile')).toBe(phone);
    expect(mergeSettingsSection(laptop, phone)).toBe(phone);
  });

  it('MG11 section data goes through the synced-settings parser and keeps unknown settings', () => {
    const data = parseSettingsSectionData('preferences', {
      fontSize: 'huge',
      streaming: false,
      fromTheFuture: 1,
    });
    expect(data).toMatchObject({ fontSize: 'small', streaming: false, fromTheFuture: 1 });
  });
});
