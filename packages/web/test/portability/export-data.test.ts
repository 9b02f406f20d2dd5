import { describe, expect, it } from 'vitest';
import { readImport } from '@parley/core/import';
import { parseChat } from '@parley/core/entities';
import { chatsExportFile, chatToPrintableHtml } from '../../src/features/portability/export-data';

const at = '2026-01-01T00:00:00.000Z';
const chat = parseChat({
  id: 'ch-1',
  chatID: 'ch-1',
  chatTitle: 'Payloads',
  createdAt: at,
  updatedAt: at,
  messages: [
    {
      id: 'm1',
      parentId: null,
      role: 'user',
      content: '<script>alert(1)</script><img src=x onerror=alert(2)>',
      createdAt: at,
    },
    {
      id: 'm2',
      parentId: 'm1',
      role: 'assistant',
      content: 'Old answer',
      createdAt: '2026-01-01T00:00:01.000Z',
    },
    {
      id: 'm3',
      parentId: 'm1',
      role: 'assistant',
      content: 'Chosen answer',
      createdAt: '2026-01-01T00:00:02.000Z',
    },
  ],
  selectedPath: { leafId: 'm3', updatedAt: at },
});

describe('one chat exported', () => {
  it('IM31 the printable page escapes every message and forbids scripts; it shows the selected path only', () => {
    const html = chatToPrintableHtml(chat);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('Chosen answer');
    expect(html).not.toContain('Old answer');
  });

  it('IM31 Markdown has the visible path; JSON re-imports as the same chat', async () => {
    const markdown = await chatsExportFile([chat], 'markdown', at).blob.text();
    expect(markdown).toContain('# Payloads');
    expect(markdown).toContain('## Assistant\n\nChosen answer');
    expect(markdown).not.toContain('Old answer');
    const json = chatsExportFile([chat], 'json', at);
    expect(json.name).toBe('Payloads.json');
    const outcome = readImport([{ name: json.name, json: JSON.parse(await json.blob.text()) }], {
      fromZip: false,
      now: 0,
    });
    expect(outcome.ok && outcome.result.chats).toEqual([chat]);
  });
});
