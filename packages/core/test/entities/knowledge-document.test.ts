import { describe, expect, it } from 'vitest';
import {
  KNOWLEDGE_DOCUMENT_NAME_MAX_LENGTH,
  KNOWLEDGE_DOCUMENT_SCHEMA_VERSION,
  knowledgeFileBlobId,
  parseKnowledgeDocument,
  safeParseKnowledgeDocument,
  withoutKnowledgeFile,
} from '../../src/entities';

const AT = '2026-03-01T10:00:00.000Z';
const FILE = `attachment:att-${'0123456789abcdef'.repeat(2)}`;

describe('knowledge document records (decision 0131)', () => {
  it('EN28 a record needs only its id; the rest takes defaults and it is stamped with its version', () => {
    const record = parseKnowledgeDocument({ id: 'kdoc-1', createdAt: AT, updatedAt: AT });
    expect(record).toEqual({
      schemaVersion: KNOWLEDGE_DOCUMENT_SCHEMA_VERSION,
      id: 'kdoc-1',
      projectId: null,
      name: '',
      folder: '',
      type: '',
      size: 0,
      file: null,
      createdAt: AT,
      updatedAt: AT,
      deletedAt: null,
      syncedAt: null,
    });
    expect(safeParseKnowledgeDocument({ name: 'no id' }).success).toBe(false);
    expect(safeParseKnowledgeDocument('not a record').success).toBe(false);
  });

  it('EN28 a bad field falls back and is reported, a long name is cut, unknown fields stay: nothing is dropped', () => {
    const result = safeParseKnowledgeDocument({
      id: 'kdoc-1',
      projectId: 'project-1',
      name: 'n'.repeat(KNOWLEDGE_DOCUMENT_NAME_MAX_LENGTH + 5),
      size: -3,
      file: 'https://example.com/steal',
      fromNewerApp: { pages: 3 },
      createdAt: AT,
      updatedAt: AT,
    });
    if (!result.success) throw new Error('expected a record');
    expect(result.data.name).toHaveLength(KNOWLEDGE_DOCUMENT_NAME_MAX_LENGTH);
    expect(result.data).toMatchObject({ projectId: 'project-1', size: 0, file: null });
    expect(result.issues.map((issue) => issue.path).sort()).toEqual(['file', 'size']);
    expect((result.data as Record<string, unknown>).fromNewerApp).toEqual({ pages: 3 });
    expect(parseKnowledgeDocument(result.data)).toEqual(result.data);
  });

  it('EN28 the file reference names a content-addressed blob; a tombstone keeps none', () => {
    const record = parseKnowledgeDocument({ id: 'kdoc-1', file: FILE, createdAt: AT, updatedAt: AT });
    expect(knowledgeFileBlobId(record)).toBe(`att-${'0123456789abcdef'.repeat(2)}`);
    expect(withoutKnowledgeFile(record)).toBe(record);
    const removed = withoutKnowledgeFile({ ...record, deletedAt: AT });
    expect(removed.file).toBeNull();
    expect(knowledgeFileBlobId(removed)).toBeNull();
  });
});
