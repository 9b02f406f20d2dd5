import { describe, expect, it } from 'vitest';
import { buildHelpRequest, readHelpAnswer } from '../../src/chat/help-request';
import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';

const gpt4 = findModel('gpt-4') as ModelDescriptor;
const access = { apiKey: 'sk-test', endpoint: 'https://api.example/v1' };
const sections = [
  { id: 'voice', title: 'Voice', body: 'Press the microphone to talk.' },
  { id: 'faq-sync', title: 'How do I sync?', body: 'Open Settings → Cloud Sync and sign in.' },
  { id: 'huge', title: 'Huge', body: 'word '.repeat(40_000) },
];

describe('help questions', () => {
  it('puts the sections that fit into the system message, with their ids, and the question after', () => {
    const built = buildHelpRequest('How do I sync my chats?', sections, gpt4, access);
    expect(built?.used.map((section) => section.id)).toEqual(['voice', 'faq-sync']);
    const system = built?.request.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('## [faq-sync] How do I sync?');
    expect(system?.content).not.toContain('[huge]');
    expect(built?.request.messages[1]).toEqual({ role: 'user', content: 'How do I sync my chats?' });
    expect(built?.request.apiKey).toBe('sk-test');
    expect(built?.request.endpoint).toBe('https://api.example/v1');
  });

  it('sends nothing when not one section fits the model', () => {
    const tiny: ModelDescriptor = { ...gpt4, id: 'tiny', contextLength: 1100 };
    expect(buildHelpRequest('?', [sections[2]!], tiny, access)).toBeUndefined();
  });

  it('reads the sections an answer names, only those it was sent', () => {
    const read = readHelpAnswer('Open Settings → Cloud Sync.\n\nSections: [faq-sync] [made-up]', sections);
    expect(read).toEqual({ answer: 'Open Settings → Cloud Sync.', sectionIds: ['faq-sync'] });
    expect(readHelpAnswer('No list here.', sections)).toEqual({ answer: 'No list here.', sectionIds: [] });
  });
});
