import { z } from 'zod';
import { characterEntity, chatEntity, folderEntity, pluginEntity, promptEntity } from '../entities';
import type { EntityParser } from '../entities';

/**
 * A zod schema that runs one sync item through its entity's tolerant parser, so items from the
 * wire are read exactly like items from disk or an import. Only an item that cannot be a record at
 * all (not an object, no id) is an issue.
 */
export function entityItem<T>(parser: EntityParser<T>) {
  return z.unknown().transform((value, ctx): T => {
    const result = parser.safeParse(value);
    if (result.success) return result.data;
    const first = result.issues[0];
    ctx.addIssue({
      code: 'custom',
      message: `not a valid ${parser.name}${first ? `: ${first.path || '(record)'} ${first.message}` : ''}`,
    });
    return z.NEVER;
  });
}

export const ChatItemSchema = entityItem(chatEntity);
export const FolderItemSchema = entityItem(folderEntity);
export const PromptItemSchema = entityItem(promptEntity);
export const CharacterItemSchema = entityItem(characterEntity);
export const PluginItemSchema = entityItem(pluginEntity);

/** Response chunks (`updatedChatsChunks` …) are JSON lists of items of one kind. */
export const ChatChunkSchema = z.array(ChatItemSchema);
export const CharacterChunkSchema = z.array(CharacterItemSchema);
export const PluginChunkSchema = z.array(PluginItemSchema);
