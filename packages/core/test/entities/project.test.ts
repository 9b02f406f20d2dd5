import { describe, expect, it } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { parseChat, CHAT_SCHEMA_VERSION } from '../../src/entities/chat';
import { summarizeChat } from '../../src/entities/chat-summary';
import {
  newProject,
  parseProject,
  PROJECT_INSTRUCTIONS_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  projectChatDefaults,
  safeParseProject,
} from '../../src/entities/project';
import { currentSummaryOrUndefined } from '../../src/storage/summary-fast-path';

describe('Project (decision 0104)', () => {
  it('EN26 new projects have a project- id, defaults and stay strict only on the id', () => {
    const project = newProject(
      { name: ' Thesis ' },
      { clock: new FakeClock(), ids: new SequentialIdGenerator('p') },
    );
    expect(project).toMatchObject({
      id: 'project-p1',
      name: ' Thesis ',
      instructions: '',
      defaultModel: null,
      defaultAgentId: null,
      archivedAt: null,
      deletedAt: null,
      schemaVersion: 1,
    });
    expect(safeParseProject({ name: 'no id' }).success).toBe(false);
  });

  it('EN26 a bad field falls back and is reported; long text is cut; unknown fields stay', () => {
    const result = safeParseProject({
      id: 'project-1',
      name: 'x'.repeat(PROJECT_NAME_MAX_LENGTH + 10),
      instructions: 'y'.repeat(PROJECT_INSTRUCTIONS_MAX_LENGTH + 1),
      defaultModel: 42,
      fromNewerApp: { keep: true },
    });
    if (!result.success) throw new Error('expected a project');
    expect(result.data.name).toHaveLength(PROJECT_NAME_MAX_LENGTH);
    expect(result.data.instructions).toHaveLength(PROJECT_INSTRUCTIONS_MAX_LENGTH);
    expect(result.data.defaultModel).toBeNull();
    expect(result.issues.map((issue) => issue.path)).toEqual(['defaultModel']);
    expect((result.data as Record<string, unknown>).fromNewerApp).toEqual({ keep: true });
  });

  it('EN26 parsing is idempotent, and a retired default model id is renamed (EN7)', () => {
    const once = parseProject({ id: 'project-1', name: 'A', defaultModel: 'gpt-4-0613' });
    expect(once.defaultModel).toBe('gpt-4');
    expect(parseProject(once)).toEqual(once);
  });

  it('EN27 a chat started in a project takes its agent, else its model, else nothing', () => {
    const base = parseProject({ id: 'project-1', name: 'A' });
    expect(projectChatDefaults(base)).toEqual({ projectId: 'project-1' });
    expect(projectChatDefaults({ ...base, defaultModel: 'gpt-4o' })).toEqual({
      projectId: 'project-1',
      model: 'gpt-4o',
    });
    expect(projectChatDefaults({ ...base, defaultModel: 'gpt-4o', defaultAgentId: 'character-1' })).toEqual({
      projectId: 'project-1',
      model: 'gpt-4o',
      agentId: 'character-1',
    });
  });
});

describe('chats in projects', () => {
  it('EN26 chat v8: a v7 chat keeps every field and is in no project', () => {
    const v7 = {
      schemaVersion: 7,
      id: 'ch-1',
      chatID: 'ch-1',
      chatTitle: 'Kept',
      folderID: 'folder-1',
      tags: [{ name: 'a' }],
      comparison: null,
      messages: [{ id: 'm1', role: 'user', content: 'hi', createdAt: 1, updatedAt: 1 }],
    };
    const chat = parseChat(v7);
    expect(chat.schemaVersion).toBe(CHAT_SCHEMA_VERSION);
    expect(chat).toMatchObject({
      projectId: null,
      folderID: 'folder-1',
      chatTitle: 'Kept',
      tags: [{ name: 'a' }],
    });
    expect(chat.messages).toHaveLength(1);
    expect(parseChat({ ...v7, schemaVersion: 8, projectId: 'project-1' }).projectId).toBe('project-1');
  });

  it('EN12 the summary carries the project; a summary written before projects stays on the fast path', () => {
    const chat = parseChat({ id: 'ch-1', projectId: 'project-1', createdAt: 0, updatedAt: 0 });
    const summary = summarizeChat(chat);
    expect(summary.projectId).toBe('project-1');
    expect(currentSummaryOrUndefined('ch-1', summary)).toBe(summary);
    const { projectId: _gone, ...older } = summary;
    expect(currentSummaryOrUndefined('ch-1', older)).toBe(older);
    expect(currentSummaryOrUndefined('ch-1', { ...summary, projectId: 7 })).toBeUndefined();
  });
});
