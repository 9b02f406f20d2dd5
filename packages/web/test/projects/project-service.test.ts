import { newChat, parseKnowledgeDocument, parseProject, type Chat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it } from 'vitest';
import { projectContextSource } from '../../src/features/projects/project-context';
import { createProjectService } from '../../src/features/projects/project-service';

function setup() {
  const clock = new FakeClock('2026-03-10T12:00:00.000Z');
  const ids = new SequentialIdGenerator('t');
  const store = createMemoryStore({ clock, ids });
  const service = createProjectService({ store, clock, ids });
  const addChat = (fields: Partial<Chat> = {}) => store.chats.put(newChat(fields, { clock, ids }));
  return { clock, store, service, addChat };
}

describe('projects (decision 0104)', () => {
  it('creates projects in order, saves their settings and archives them; each write is stamped for sync', async () => {
    const { clock, store, service } = setup();
    const first = await service.create({ name: '  Thesis ' });
    const second = await service.create({ name: 'Trips' });
    expect([first.name, first.order, second.order]).toEqual(['Thesis', 0, 1]);
    clock.advance(1000);
    const saved = await service.save(first.id, {
      name: ' ',
      instructions: 'Cite sources.',
      defaultModel: 'gpt-4o',
      defaultAgentId: null,
    });
    expect(saved).toMatchObject({ name: 'Thesis', instructions: 'Cite sources.', defaultModel: 'gpt-4o' });
    expect(saved?.updatedAt).toBe('2026-03-10T12:00:01.000Z');
    const archived = await service.setArchived(first.id, true);
    expect(archived?.archivedAt).toBe('2026-03-10T12:00:01.000Z');
    expect((await store.projects.get(first.id))?.syncedAt).toBeNull();
  });

  it('moves chats in and out by projectId alone, in one write, and stamps them', async () => {
    const { clock, store, service, addChat } = setup();
    const project = await service.create({ name: 'Thesis' });
    const chat = await addChat({ folderID: 'folder-1', tags: [{ name: 'a' }] });
    clock.advance(5000);
    await service.moveChats([chat.id], project.id);
    const moved = await store.chats.get(chat.id);
    expect(moved).toMatchObject({ projectId: project.id, folderID: 'folder-1', tags: [{ name: 'a' }] });
    expect(moved?.updatedAt).toBe('2026-03-10T12:00:05.000Z');
    expect((await store.chats.getSummary(chat.id))?.projectId).toBe(project.id);
    await service.moveChats([chat.id], null);
    expect((await store.chats.get(chat.id))?.projectId).toBeNull();
  });

  it("deleting asks the chats' fate: kept chats leave the project, deleted ones go to Recently Deleted", async () => {
    const { store, service, addChat } = setup();
    const keep = await service.create({ name: 'Keep' });
    const drop = await service.create({ name: 'Drop' });
    const kept = await addChat({ projectId: keep.id });
    const dropped = await addChat({ projectId: drop.id });
    const elsewhere = await addChat();
    expect(await service.delete(keep.id, 'keep')).toEqual({ chats: 1 });
    expect(await store.chats.get(kept.id)).toMatchObject({ projectId: null, deletedAt: null });
    expect(await service.delete(drop.id, 'delete')).toEqual({ chats: 1 });
    expect((await store.chats.get(dropped.id))?.deletedAt).not.toBeNull();
    expect((await store.chats.get(elsewhere.id))?.deletedAt).toBeNull();
    // Tombstones, so sync carries the deletions.
    expect((await store.projects.get(keep.id))?.deletedAt).not.toBeNull();
    expect(await store.projects.list()).toEqual([]);
  });

  it("deleting a project removes its knowledge base: its documents' records become tombstones without their bytes", async () => {
    const { clock, store, service } = setup();
    const project = await service.create({ name: 'Thesis' });
    const other = await service.create({ name: 'Trips' });
    const document = (id: string, projectId: string | null) =>
      parseKnowledgeDocument({
        id,
        projectId,
        name: `${id}.pdf`,
        folder: '',
        type: 'application/pdf',
        size: 10,
        file: `attachment:att-${id.padEnd(32, '0')}`,
        createdAt: '2026-03-10T12:00:00.000Z',
        updatedAt: '2026-03-10T12:00:00.000Z',
      });
    await store.knowledgeDocuments.putMany(
      [document('a', project.id), document('b', project.id), document('c', other.id), document('d', null)],
      { touch: false },
    );
    clock.advance(60_000);
    await service.delete(project.id, 'keep');
    const records = await store.knowledgeDocuments.list({ includeDeleted: true });
    const byId = new Map(records.map((record) => [record.id, record]));
    for (const id of ['a', 'b'])
      expect(byId.get(id)).toMatchObject({
        deletedAt: '2026-03-10T12:01:00.000Z',
        updatedAt: '2026-03-10T12:01:00.000Z',
        file: null,
      });
    for (const id of ['c', 'd']) expect(byId.get(id)).toMatchObject({ deletedAt: null });
    expect((await store.knowledgeDocuments.list()).map((record) => record.id).sort()).toEqual(['c', 'd']);
  });

  it('SC8 the context source reads the chat project: its instructions, nothing for other chats', async () => {
    const { store, addChat } = setup();
    await store.projects.put(
      parseProject({ id: 'project-1', name: 'Thesis', instructions: 'Cite sources.' }),
    );
    const source = projectContextSource({ store });
    const ask = async (chat: Chat) =>
      source.gather({ chat, contextLength: 8000, signal: new AbortController().signal });
    expect(await ask(await addChat({ projectId: 'project-1' }))).toEqual({
      persona: { project: { name: 'Thesis', instructions: 'Cite sources.' } },
    });
    expect(await ask(await addChat())).toEqual({});
    expect(await ask(await addChat({ projectId: 'project-unknown' }))).toEqual({
      persona: { project: null },
    });
  });
});
