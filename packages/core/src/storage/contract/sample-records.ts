import {
  newCharacter,
  newChat,
  parseAttachment,
  parseFolder,
  parseMemoryEntry,
  parsePlugin,
  parsePrompt,
  parseProject,
  parseUserProfile,
} from '../../entities';
import type { Chat, Message } from '../../entities';
import type { Clock, IdGenerator } from '../../platform';
import { isoNow } from '../../platform';

/** Realistic records for the contract suite, one of every kind. */
export interface SampleDeps {
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export function sampleMessage(
  id: string,
  role: Message['role'],
  content: Message['content'],
  clock: Clock,
): Message {
  const now = isoNow(clock);
  return { id, role, content, createdAt: now, updatedAt: now };
}

export function sampleChat(deps: SampleDeps, fields: Partial<Chat> = {}): Chat {
  const { clock } = deps;
  return newChat(
    {
      chatTitle: 'Trip to Lisbon',
      model: 'gpt-4',
      folderID: 'folder-travel',
      projectId: 'project-trips',
      autoRead: true,
      tags: [{ name: 'travel' }],
      messages: [
        sampleMessage('m1', 'system', 'You are a helpful AI assistant.', clock),
        sampleMessage('m2', 'user', 'Plan three days in Lisbon for a family with two kids.', clock),
        {
          ...sampleMessage('m3', 'assistant', 'Day 1: Belém and the tram 28. Day 2: the Oceanário.', clock),
          model: 'gpt-4',
          usage: { prompt_tokens: 30, completion_tokens: 20, total_tokens: 50 },
          finish: 'stop',
        },
        sampleMessage(
          'm4',
          'user',
          [
            { type: 'text', text: 'And this itinerary?' },
            { type: 'tm_text_file', text: 'Day 1: Sintra', metadata: { name: 'itinerary.txt' } },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
          clock,
        ),
      ],
      character: newCharacter(
        { id: 'character-guide', title: 'Tour Guide', avatarURL: 'https://example.com/g.png' },
        deps,
      ),
      ...fields,
    },
    deps,
  );
}

export function sampleRecords(deps: SampleDeps) {
  const now = isoNow(deps.clock);
  const stamps = { createdAt: now, updatedAt: now };
  return {
    folder: parseFolder({ id: 'folder-travel', title: 'Travel', order: 2, parentID: null, ...stamps }),
    project: parseProject({
      id: 'project-trips',
      name: 'Trips',
      instructions: 'Answer with a day-by-day plan.',
      defaultModel: 'gpt-4',
      order: 1,
      ...stamps,
    }),
    prompt: parsePrompt({
      id: 'prompt-1',
      title: 'Summarise',
      content: 'Summarise {{text}} in {{count}} bullets',
      ...stamps,
    }),
    character: newCharacter(
      {
        id: 'character-chef',
        title: 'Chef',
        instruction: 'You are a chef.',
        trainingExamples: [{ role: 'user', content: 'Pasta?' }],
        dynamicContextEndpoints: [
          { name: 'menu', url: 'https://example.com/menu', method: 'GET', headers: [], body: [] },
        ],
        modelLocked: true,
        model: 'claude-2',
      },
      deps,
    ),
    plugin: parsePlugin({
      id: 'get_web_search_results',
      uuid: 'a1b2',
      title: 'Web Search',
      emoji: '🔍',
      openaiSpec: {
        name: 'get_web_search_results',
        description: 'Search the web',
        parameters: { type: 'object' },
      },
      userSettings: [{ name: 'searchEngineAPIKey', label: 'API key', type: 'password', required: true }],
      httpAction: { method: 'GET', url: 'https://example.com/search?q={keyword}' },
      githubURL: 'https://github.com/example/plugin',
      ...stamps,
    }),
    profile: parseUserProfile({
      id: 'profile-1',
      name: 'Ada',
      information: 'Writes code',
      isCurrent: true,
      ...stamps,
    }),
    memory: parseMemoryEntry({
      id: 'memory-1',
      content: 'Prefers metric units',
      sourceChatID: 'ch-x',
      ...stamps,
    }),
    attachment: parseAttachment({
      id: 'att-1',
      mimeType: 'image/png',
      name: 'pixel.png',
      chatID: 'ch-x',
      ...stamps,
    }),
  };
}
