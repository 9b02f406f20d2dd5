import { closeSync, openSync, writeSync } from 'node:fs';
import { buildParleyExport, exportCategories } from '@parley/core/import';
import { parseChat, parseFolder } from '@parley/core/entities';

const FILLER = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. ';
const body = (seed: number, size: number) =>
  `${seed}: ${FILLER.repeat(Math.ceil(size / FILLER.length)).slice(0, size)}`;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Writes `{ ...head, data: { chats: [<chats>], ...rest } }` with the chats streamed to the file one
 * at a time, so a 100 MB file is never one string here either. Returns the bytes written.
 */
function writeObjectFile(
  file: string,
  head: Record<string, unknown>,
  dataRest: Record<string, unknown>,
  chats: number,
  chatText: (i: number) => string,
): number {
  const fd = openSync(file, 'w');
  let bytes = 0;
  const write = (text: string) => {
    bytes += writeSync(fd, text);
  };
  try {
    const headText = JSON.stringify(head);
    write(`${headText.slice(0, -1)}${headText.length > 2 ? ',' : ''}"data":{"chats":[`);
    for (let i = 0; i < chats; i++) write(`${i > 0 ? ',' : ''}${chatText(i)}`);
    const restText = JSON.stringify(dataRest);
    write(`]${restText.length > 2 ? `,${restText.slice(1)}` : '}'}}`);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/**
 * A Parley export (`parley-export.json`, as the app's export zip holds it) of `chats` chats at about
 * `bytes` in total: each a question and its answer, every tenth a second answer (a branch), every
 * fifth in one of 20 folders. The records are the app's own (parsed), so the import reads them as
 * it reads a real export. Deterministic, so runs compare.
 */
export function writeParleyFile(file: string, chats: number, bytes: number): number {
  const perChat = Math.max(200, Math.floor(bytes / chats) - 1400);
  const folders = Array.from({ length: 20 }, (_, i) =>
    parseFolder({
      id: `folder-${i}`,
      title: `Folder ${i}`,
      createdAt: iso(1_600_000_000),
      updatedAt: iso(1_600_000_000),
    }),
  );
  const { data, ...head } = buildParleyExport(
    { chats: [], folders, projects: [], prompts: [], characters: [], plugins: [], settings: [] },
    exportCategories,
    iso(1_700_000_000),
  );
  const { chats: _none, ...dataRest } = data;
  return writeObjectFile(file, head, dataRest, chats, (i) => {
    const t = 1_600_000_000 + i * 60;
    const message = (id: string, parentId: string | null, role: string, text: string, at: number) => ({
      id,
      parentId,
      role,
      content: text,
      createdAt: iso(at),
      updatedAt: iso(at),
    });
    const branched = i % 10 === 0;
    return JSON.stringify(
      parseChat({
        id: `ch-${i}`,
        chatID: `ch-${i}`,
        chatTitle: `Chat ${i}`,
        folderID: i % 5 === 0 ? `folder-${i % 20}` : null,
        createdAt: iso(t),
        updatedAt: iso(t + 4),
        messages: [
          message(`m-${i}-q`, null, 'user', body(i, Math.floor(perChat / 4)), t + 1),
          message(`m-${i}-a`, `m-${i}-q`, 'assistant', body(i, Math.floor((perChat * 3) / 4)), t + 2),
          ...(branched ? [message(`m-${i}-a2`, `m-${i}-q`, 'assistant', 'Second answer', t + 3)] : []),
        ],
      }),
    );
  });
}

/**
 * A TypingMind backup (`{ data: { chats, folders, userPrompts, ... } }`) of `chats` chats at about
 * `bytes`: each a question and its answer with TypingMind's chat parameters and usage fields, every
 * fifth in one of 20 folders (listed after the chats, as TypingMind writes them). Deterministic.
 */
export function writeTypingMindFile(file: string, chats: number, bytes: number): number {
  const perChat = Math.max(200, Math.floor(bytes / chats) - 900);
  const folders = Array.from({ length: 20 }, (_, i) => ({ id: `fo-${i}`, title: `Folder ${i}`, order: i }));
  const userPrompts = [{ id: 'p-1', title: 'Summarise', content: 'Summarise {{text}}' }];
  return writeObjectFile(file, {}, { folders, userPrompts, userCharacters: [] }, chats, (i) => {
    const t = 1_600_000_000 + i * 60;
    return JSON.stringify({
      id: `tm-${i}`,
      chatID: `tm-${i}`,
      chatTitle: `Chat ${i}`,
      preview: 'Lorem ipsum',
      folderID: i % 5 === 0 ? `fo-${i % 20}` : undefined,
      model: 'gpt-4o',
      createdAt: iso(t),
      updatedAt: iso(t + 4),
      syncedAt: null,
      chatParams: { temperature: 1, topP: 1, streaming: true, systemMessage: 'You are helpful.' },
      tokenUsage: { promptTokens: 10, completionTokens: 20 },
      messages: [
        { uuid: `u-${i}`, role: 'user', content: body(i, Math.floor(perChat / 4)), createdAt: iso(t + 1) },
        {
          uuid: `a-${i}`,
          role: 'assistant',
          model: 'gpt-4o',
          content: body(i, Math.floor((perChat * 3) / 4)),
          createdAt: iso(t + 2),
          usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
        },
      ],
    });
  });
}
