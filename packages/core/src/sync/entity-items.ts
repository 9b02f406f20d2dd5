import { z } from 'zod/mini';
import {
  characterEntity,
  chatEntity,
  folderEntity,
  knowledgeDocumentEntity,
  pluginEntity,
  projectEntity,
  promptEntity,
} from '../entities';
import type { EntityParser } from '../entities';

/**
 * A zod schema that runs one sync item through its entity's tolerant parser, so items from the
 * wire are read exactly like items from disk or an import. Only an item that cannot be a record at
 * all (not an object, no id) is an issue.
 */
export function entityItem<T>(parser: EntityParser<T>) {
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx): T => {
      const result = parser.safeParse(value);
      if (result.success) return result.data;
      const first = result.issues[0];
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `not a valid ${parser.name}${first ? `: ${first.path || '(record)'} ${first.message}` : ''}`,
      });
      return z.NEVER;
    }),
  );
}

/** The most items one list of a sync request or answer may hold. */
export const MAX_SYNC_LIST_ITEMS = 100_000;

/**
 * A list of sync items, each through its entity's parser like `entityItem`, that stops at the
 * first item that cannot be a record: a list of a million bad items costs one parse, not a
 * million error reports (PR10).
 */
export function entityList<T>(parser: EntityParser<T>, min = 0) {
  return z.pipe(
    z.array(z.unknown()).check(z.minLength(min), z.maxLength(MAX_SYNC_LIST_ITEMS)),
    z.transform((values, ctx): T[] => {
      const items: T[] = [];
      for (const [index, value] of values.entries()) {
        const result = parser.safeParse(value);
        if (!result.success) {
          const first = result.issues[0];
          ctx.issues.push({
            code: 'custom',
            input: value,
            path: [index],
            message: `not a valid ${parser.name}${first ? `: ${first.path || '(record)'} ${first.message}` : ''}`,
          });
          return z.NEVER;
        }
        items.push(result.data);
      }
      return items;
    }),
  );
}

export const ChatItemSchema = entityItem(chatEntity);
export const FolderItemSchema = entityItem(folderEntity);
export const ProjectItemSchema = entityItem(projectEntity);
export const KnowledgeDocumentItemSchema = entityItem(knowledgeDocumentEntity);
export const PromptItemSchema = entityItem(promptEntity);
export const CharacterItemSchema = entityItem(characterEntity);
export const PluginItemSchema = entityItem(pluginEntity);

/** Response chunks (`updatedChatsChunks` …) are JSON lists of items of one kind. */
export const ChatChunkSchema = entityList(chatEntity);
export const CharacterChunkSchema = entityList(characterEntity);
export const PluginChunkSchema = entityList(pluginEntity);
