import { describe, expect, it } from 'vitest';
import { parseProject } from '../../src/entities';
import { at } from '../../src/sync/test-support';
import { engineHarness, testChat } from '../../src/sync-client/test-support/engine-harness';

describe('projects sync like folders (decision 0104)', () => {
  it('SC3 SC5 a project goes up whole, its chats carry projectId, a deletion goes as an id', async () => {
    const h = engineHarness();
    await h.engine.start();
    await h.store.projects.put(parseProject({ id: 'project-1', name: 'Thesis', instructions: 'Cite' }));
    await h.store.chats.put(testChat('ch-1', { projectId: 'project-1' }));
    await h.engine.syncNow();
    const body = h.transport.lastSyncBody();
    expect(body.allData.projects).toMatchObject([{ id: 'project-1', name: 'Thesis', instructions: 'Cite' }]);
    expect(body.allData.chats).toMatchObject([{ id: 'ch-1', projectId: 'project-1' }]);
    expect((await h.store.projects.get('project-1'))?.syncedAt).not.toBeNull();

    h.tick();
    await h.store.projects.delete('project-1');
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData).toMatchObject({
      projects: [],
      deletedProjectIDs: ['project-1'],
    });
  });

  it('SC13 SC14 projects from the server are merged by last writer; deleted ones become tombstones', async () => {
    const h = engineHarness();
    h.transport.on('/api/sync', () => ({
      status: 200,
      body: h.transport.syncAnswer({
        updatedProjects: [parseProject({ id: 'project-9', name: 'Remote', updatedAt: at(31) })],
      }),
    }));
    await h.engine.syncNow();
    expect(await h.store.projects.get('project-9')).toMatchObject({ name: 'Remote', syncedAt: at(31) });

    h.transport.on('/api/sync', () => ({
      status: 200,
      body: h.transport.syncAnswer({ deletedProjectIDs: ['project-9'] }),
    }));
    await h.engine.syncNow();
    expect((await h.store.projects.get('project-9'))?.deletedAt).not.toBeNull();
  });
});
