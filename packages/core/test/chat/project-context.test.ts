import { describe, expect, it } from 'vitest';
import { gatherContext, planAnswerRequest } from '../../src/chat/answer-context';
import type { ContextSource } from '../../src/chat/answer-context';
import { assembleSystemContext, projectContextOf } from '../../src/chat/system-context';
import { chatWith, message, requestSettings, testDeps } from '../../src/chat/test-chats';
import { newCharacter } from '../../src/entities/character';
import { parseProject } from '../../src/entities/project';

const prompt = { now: new Date('2024-05-03T12:05:00.000Z'), locale: 'en-GB', timeZone: 'UTC' };
const access = { apiKey: 'sk-test', endpoint: 'http://sim.local/v1' };
const thesis = parseProject({ id: 'project-1', name: 'Thesis', instructions: 'Cite every source.' });

describe('SC8 a project instructs every chat in it', () => {
  it('SC8 the instructions follow the chat instruction and come before the profile', () => {
    const context = assembleSystemContext({
      baseSystemText: 'You are helpful.',
      agent: null,
      persona: {
        project: projectContextOf(thesis),
        profile: { name: 'Ann', information: 'A student.', customInstruction: '' },
      },
      contextLength: 8000,
      lastUserMessage: 'Hi',
    });
    expect(context.systemText).toBe(
      [
        'You are helpful.',
        '## Instructions for the project "Thesis"\nCite every source.',
        '## About the user\nA student.',
      ].join('\n\n'),
    );
  });

  it('SC8 blank instructions, a deleted project or one not here add nothing', () => {
    const text = (project: ReturnType<typeof projectContextOf>) =>
      assembleSystemContext({
        baseSystemText: 'Base.',
        agent: null,
        persona: { project },
        contextLength: 8000,
        lastUserMessage: '',
      }).systemText;
    expect(text(projectContextOf({ ...thesis, instructions: '  \n' }))).toBe('Base.');
    expect(text(projectContextOf({ ...thesis, deletedAt: '2024-05-01T00:00:00.000Z' }))).toBe('Base.');
    expect(text(projectContextOf(undefined))).toBe('Base.');
    // An archived project still instructs its chats.
    const archived = { ...thesis, archivedAt: '2024-05-01T00:00:00.000Z' };
    expect(text(projectContextOf(archived))).toContain('Cite every source.');
  });

  it('SC8 the request a project chat sends: system message with the agent, then the project', async () => {
    const deps = testDeps();
    const character = newCharacter({ title: 'Tutor', instruction: 'You are a tutor.' }, deps);
    const chat = {
      ...chatWith([message('user', 'Where do I start?', deps)], deps, { character }),
      projectId: thesis.id,
    };
    // The source the app registers reads the chat's project; here, from a map.
    const projects = new Map([[thesis.id, thesis]]);
    const source: ContextSource = {
      gather: ({ chat: asked }) =>
        Promise.resolve({ persona: { project: projectContextOf(projects.get(asked.projectId ?? '')) } }),
    };
    const gathered = await gatherContext([source], {
      chat,
      contextLength: 8000,
      signal: new AbortController().signal,
    });
    const plan = planAnswerRequest({
      chat,
      settings: requestSettings({}),
      access,
      prompt,
      persona: gathered.persona,
    });
    if (plan.kind !== 'ready') throw new Error(`plan is ${plan.kind}`);
    expect(plan.request.messages).toEqual([
      {
        role: 'system',
        content: 'You are a tutor.\n\n## Instructions for the project "Thesis"\nCite every source.',
      },
      { role: 'user', content: 'Where do I start?' },
    ]);
  });
});
