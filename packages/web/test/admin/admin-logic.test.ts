import { describe, expect, it } from 'vitest';
import { adminTabsFor } from '../../src/features/admin/admin-access';
import { draftOf, emptyDraft, itemOfDraft } from '../../src/features/admin/shared-draft';

describe('admin panel logic', () => {
  it('AD4 AD8 an admin sees every tab, a content-moderator the shared agents and prompts only, a member none', () => {
    expect(adminTabsFor('admin')).toEqual(['members', 'shared', 'models', 'usage', 'audit']);
    expect(adminTabsFor('content-moderator')).toEqual(['shared']);
    expect(adminTabsFor('member')).toEqual([]);
    expect(adminTabsFor(null)).toEqual([]);
    expect(adminTabsFor('owner')).toEqual([]);
  });

  it('AD8 editing a published agent sends back its other fields, never the ones the server sets', () => {
    const draft = draftOf('agents', {
      id: 'character-org-1',
      updatedAt: '2026-11-28T00:00:00.000Z',
      item: {
        id: 'character-org-1',
        schemaVersion: 2,
        createdAt: '2026-11-28T00:00:00.000Z',
        updatedAt: '2026-11-28T00:00:00.000Z',
        title: 'Reviewer',
        description: 'Reads',
        instruction: 'Review.',
        welcomeMessage: '',
        model: 'gpt-5.1',
        modelLocked: true,
      },
    });
    const item = itemOfDraft({ ...draft, title: '  Contract reviewer ' });
    expect(item).toEqual({
      title: 'Contract reviewer',
      description: 'Reads',
      instruction: 'Review.',
      welcomeMessage: '',
      model: 'gpt-5.1',
      modelLocked: true,
    });
    expect(itemOfDraft({ ...emptyDraft('prompts'), title: 'Weekly', content: 'Sum up' })).toEqual({
      title: 'Weekly',
      content: 'Sum up',
    });
  });
});
