import { safeParseCharacter, safeParsePrompt } from '../entities';
import type { Character, Chat, Prompt } from '../entities';
import { buildChat, buildFolder, importedFolderId, importedRecordId } from './build-chat';
import { readArrayElement } from './array-formats';
import { readLibreChat } from './librechat';
import { readParley } from './parley';
import type { FormatOutput, ReadContext } from './read-context';
import { emptyOutput, newReadContext } from './read-context';
import { readBetterChatGPT, readChatbotUI, readNextChat, readNextChatSingle } from './small-apps';
import { sniffJson, sniffZipNames, TYPINGMIND_DATA_FILE } from './sniff';
import type { DraftChat, ImportFile, ImportFormat, ImportResult } from './types';
import { readTypingMind } from './typingmind';
import { arr, isObj } from './values';
import type { Obj } from './values';
import { stableHash } from '../platform';

/** IM7: why a whole file cannot be imported; the app shows one message for each. */
export type ImportFailure = 'unknownFormat' | 'invalidJson' | 'corruptArchive' | 'tooLarge';
export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; failure: ImportFailure };

function readFormat(format: ImportFormat, files: readonly ImportFile[], ctx: ReadContext): FormatOutput {
  const json = files[0]?.json;
  const out = emptyOutput();
  switch (format) {
    case 'chatgpt':
    case 'claude':
    case 'openwebui': {
      const list = format === 'openwebui' ? (arr(json) ?? []) : files.flatMap((f) => arr(f.json) ?? []);
      out.chats = list.flatMap((item, i) => readArrayElement(format, item, i, ctx) ?? []);
      return out;
    }
    case 'typingmind': {
      const main = files.find((f) => isObj(f.json) && isObj((f.json as Obj).data)) ?? files[0]!;
      const data = (main.json as Obj).data as Obj;
      const chunkNames = isObj(data.chats) ? (arr(data.chats.chunks) ?? []).map(String) : [];
      const chunks = chunkNames.map(
        (name) => files.find((f) => f.name === name || f.name.endsWith(`/${name}`))?.json,
      );
      return readTypingMind(main.json as Obj, ctx, chunks);
    }
    case 'librechat':
      return readLibreChat(json as Obj, ctx);
    case 'nextchat':
      return isObj(json) && isObj(json['chat-next-web-store'])
        ? readNextChat(json, ctx)
        : readNextChatSingle(json as Obj, `single-${stableHash(JSON.stringify(json))}`);
    case 'betterchatgpt':
      return Array.isArray(json)
        ? { ...out, chats: json.flatMap((item, i) => readArrayElement(format, item, i, ctx) ?? []) }
        : readBetterChatGPT(arr((json as Obj).chats) ?? [], (json as Obj).folders, ctx);
    case 'chatbot-ui':
      return Array.isArray(json)
        ? { ...out, chats: json.flatMap((item, i) => readArrayElement(format, item, i, ctx) ?? []) }
        : readChatbotUI(arr((json as Obj).history) ?? [], (json as Obj).folders, (json as Obj).prompts, ctx);
    default:
      return out;
  }
}

/** Which files a zip's format reads (ChatGPT's split `conversations-NNN.json` in order). */
function filesFor(format: ImportFormat, files: readonly ImportFile[]): ImportFile[] {
  const base = (f: ImportFile) => f.name.slice(f.name.lastIndexOf('/') + 1);
  if (format === 'chatgpt' || format === 'claude')
    return files
      .filter((f) => /^conversations(-\d+)?\.json$/.test(base(f)))
      .sort((a, b) => a.name.localeCompare(b.name));
  if (format === 'parley') return files.filter((f) => base(f) === 'parley-export.json');
  if (format === 'typingmind')
    return [...files].sort((a, b) =>
      base(a) === TYPINGMIND_DATA_FILE ? -1 : base(b) === TYPINGMIND_DATA_FILE ? 1 : 0,
    );
  return [...files];
}

function sniffFiles(
  files: readonly ImportFile[],
  fromZip: boolean,
): { format: ImportFormat; files: ImportFile[] } | null {
  const byName = fromZip ? sniffZipNames(files.map((f) => f.name)) : null;
  if (byName) return { format: byName, files: filesFor(byName, files) };
  for (const file of files) {
    const format = sniffJson(file.json);
    if (format) return { format, files: fromZip ? filesFor(format, files) : [file] };
  }
  return null;
}

/** IM8: a draft to a Parley chat; a chat left without messages is skipped and counted. */
export function buildDraftChat(
  format: ImportFormat,
  draft: DraftChat,
  index: number,
  ctx: ReadContext,
  now: number,
): Chat | null {
  try {
    const chat = buildChat(format, draft, ctx.skipped, now);
    if (chat.messages.length > 0) return chat;
    ctx.skipped.noMessages = (ctx.skipped.noMessages ?? 0) + 1;
  } catch (error) {
    ctx.problems.push({
      item: `chat ${index + 1}`,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  return null;
}

/** A chat in a folder the file does not define goes to the top level rather than nowhere. */
export const inKnownFolder = (chat: Chat, folderIds: ReadonlySet<string>): Chat =>
  chat.folderID && !folderIds.has(chat.folderID) ? { ...chat, folderID: null } : chat;

/**
 * Reads decoded files (one picked JSON file, or the JSON files of a zip) into Parley records
 * (IM1–IM9). Pure: nothing is written; `now` stands in for times the file does not have.
 */
export function readImport(
  files: readonly ImportFile[],
  options: { fromZip: boolean; now: number },
): ImportOutcome {
  const sniffed = sniffFiles(files, options.fromZip);
  if (!sniffed) return { ok: false, failure: 'unknownFormat' };
  const ctx = newReadContext();
  if (sniffed.format === 'parley') {
    const data = readParley(sniffed.files[0]!.json as Obj, ctx.problems);
    return { ok: true, result: { format: 'parley', ...data, skipped: ctx.skipped, problems: ctx.problems } };
  }
  const { format } = sniffed;
  const output = readFormat(format, sniffed.files, ctx);
  const chats = output.chats.flatMap((draft, i) => buildDraftChat(format, draft, i, ctx, options.now) ?? []);
  const { folderIds, ...records } = assembleRecords(format, output, ctx, options.now);
  return {
    ok: true,
    result: {
      ...records,
      chats: chats.map((chat) => inKnownFolder(chat, folderIds)),
      skipped: ctx.skipped,
      problems: ctx.problems,
    },
  };
}

/**
 * The records of another app's file besides its chats (folders, prompts, agents) with their stable
 * ids, and the ids of the folders it defines (a chat naming another goes to the top level).
 */
export function assembleRecords(
  format: ImportFormat,
  output: FormatOutput,
  ctx: ReadContext,
  now: number,
): Omit<ImportResult, 'chats' | 'skipped' | 'problems'> & { folderIds: Set<string> } {
  const folderIds = new Set(output.folders.map((f) => importedFolderId(format, f.sourceId)));
  const stamp = new Date(now).toISOString();
  const records = <T>(
    list: FormatOutput['prompts'],
    kind: string,
    parse: (raw: unknown) => { success: boolean; data?: T },
  ) =>
    list.flatMap(({ sourceId, fields }) => {
      const result = parse({
        createdAt: stamp,
        updatedAt: stamp,
        ...fields,
        id: importedRecordId(format, kind, sourceId),
        deletedAt: null,
        syncedAt: null,
      });
      if (result.success) return [result.data as T];
      ctx.problems.push({ item: `${kind} ${sourceId}`, reason: 'it could not be read' });
      return [];
    });
  return {
    format,
    folderIds,
    folders: output.folders.map((f) => buildFolder(format, f, 0)),
    prompts: records<Prompt>(output.prompts, 'prompt', safeParsePrompt),
    characters: records<Character>(output.characters, 'character', safeParseCharacter),
    plugins: [],
    settings: null,
  };
}
