import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { chatJson, syncTestApp } from './sync-test-kit';

describe('projects on the sync server (decision 0104)', () => {
  forEachDatabase((t) => {
    it('SY20 a project reaches the other device, the later edit wins, a deletion travels as an id', async () => {
      const kit = syncTestApp(t.database());
      const user = await kit.signup('ada@example.com');
      const laptop = kit.device(user.token);
      const phone = kit.device(user.token);
      const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
      const project = {
        id: 'project-1',
        name: 'Thesis',
        instructions: 'Cite',
        createdAt: at(1),
        updatedAt: at(1),
      };
      await laptop.sync({ projects: [project], chats: [chatJson('ch-1', 1, { projectId: 'project-1' })] });

      const first = await phone.sync();
      expect(first.updatedProjects).toMatchObject([
        { id: 'project-1', name: 'Thesis', instructions: 'Cite' },
      ]);
      expect(first.updatedChats).toMatchObject([{ id: 'ch-1', projectId: 'project-1' }]);

      // An older edit loses to the stored one (MG7).
      await phone.sync({ projects: [{ ...project, name: 'Old', updatedAt: at(0) }] });
      await laptop.sync({ projects: [{ ...project, name: 'Thesis 2', updatedAt: at(5) }] });
      const second = await phone.sync();
      expect(second.updatedProjects.map((p) => p.name)).toEqual(['Thesis 2']);

      await laptop.sync({ deletedProjectIDs: ['project-1'] });
      expect((await phone.sync()).deletedProjectIDs).toEqual(['project-1']);
      // Backups count projects too (SY11, SY20).
      const backup = await kit.call('POST', '/api/backups', { token: user.token });
      expect((backup.json.backup as { counts: Record<string, number> }).counts).toMatchObject({
        projects: 0,
      });
    });
  });
});
