import { describe, expect, it } from 'vitest';
import {
  embeddingSetupFor,
  keyedEmbeddingModels,
  type Access,
} from '../../src/features/knowledge/embedding-choice';
import { pickedFiles } from '../../src/features/knowledge/add-documents';

const withKeys =
  (keys: Partial<Record<'openai' | 'gemini', string>>): Access =>
  (provider) => ({ apiKey: keys[provider] ?? null, endpoint: `https://${provider}.example/v1` });

describe('the embedding model (decision 0108)', () => {
  it('automatic: the first provider with a key, with its endpoint and key; none without a key', () => {
    expect(embeddingSetupFor({ kind: 'auto' }, withKeys({}))).toBeNull();
    const gemini = embeddingSetupFor({ kind: 'auto' }, withKeys({ gemini: 'g-1' }));
    expect(gemini).toMatchObject({
      model: { key: 'gemini:gemini-embedding-001' },
      apiKey: 'g-1',
      baseUrl: 'https://gemini.example/v1',
    });
    const both = embeddingSetupFor({ kind: 'auto' }, withKeys({ openai: 'sk-1', gemini: 'g-1' }));
    expect(both?.model.key).toBe('openai:text-embedding-3-small');
  });

  it('a chosen model needs its key; words only never embeds; an endpoint needs a URL and a model', () => {
    const access = withKeys({ openai: 'sk-1' });
    expect(embeddingSetupFor({ kind: 'model', key: 'gemini:gemini-embedding-001' }, access)).toBeNull();
    expect(
      embeddingSetupFor({ kind: 'model', key: 'openai:text-embedding-3-large' }, access)?.model.dimensions,
    ).toBe(768);
    expect(embeddingSetupFor({ kind: 'none' }, access)).toBeNull();
    expect(
      embeddingSetupFor({ kind: 'endpoint', dialect: 'ollama', url: ' ', model: 'nomic-embed-text' }, access),
    ).toBeNull();
    const ollama = embeddingSetupFor(
      { kind: 'endpoint', dialect: 'ollama', url: 'http://localhost:11434', model: 'nomic-embed-text' },
      access,
    );
    expect(ollama).toMatchObject({
      baseUrl: 'http://localhost:11434',
      model: { dialect: 'ollama', key: 'ollama:nomic-embed-text' },
    });
    expect(ollama?.apiKey).toBeUndefined();
    expect(keyedEmbeddingModels(access).map((model) => model.model)).toEqual([
      'text-embedding-3-small',
      'text-embedding-3-large',
    ]);
  });

  it('a folder keeps each file with its path', () => {
    const file = (name: string, path: string) =>
      Object.assign(new File(['x'], name), { webkitRelativePath: path });
    expect(
      pickedFiles([file('a.md', 'notes/2026/a.md'), file('b.md', '')]).map((picked) => picked.folder),
    ).toEqual(['notes/2026', '']);
  });
});
