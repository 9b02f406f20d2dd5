import { z } from 'zod/mini';
import type { Clock, IdGenerator } from '../platform';
import { isoNow } from '../platform';
import { BUILT_IN_CHARACTER_ID_PREFIX, CHARACTER_ID_PREFIX } from './defaults';
import { defineEntity, parseEachElement, schemaVersionField, zodElement } from './entity-parser';
import { currentModelIdOf, currentModelInfo } from './retired-values';
import { optionalTimestampField, timestampField } from './timestamps';
import { withoutSecretRowValues } from './model-snapshot';

/**
 * An AI agent ("character"). Its instruction, training examples and dynamic context endpoints are
 * the creator's: the UI never shows them to users of a shared agent.
 */
export const CHARACTER_SCHEMA_VERSION = 2;

export const TrainingExampleSchema = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
});

export const EndpointRowSchema = z.looseObject({ key: z.string(), value: z._default(z.string(), '') });
export type EndpointRow = z.infer<typeof EndpointRowSchema>;

/**
 * An endpoint fetched before each answer; its response becomes extra context (spec section 5: name
 * and URL required). Header and body rows were added without a version step: both default to empty,
 * so records written before them read unchanged.
 */
export const DynamicContextEndpointSchema = z.looseObject({
  id: z.optional(z.string()),
  name: z.string(),
  url: z.string(),
  method: z._default(z.string(), 'GET'),
  headers: z._default(
    z.catch(z.array(EndpointRowSchema), () => []),
    () => [],
  ),
  body: z._default(
    z.catch(z.array(EndpointRowSchema), () => []),
    () => [],
  ),
});
export type DynamicContextEndpoint = z.infer<typeof DynamicContextEndpointSchema>;

const characterShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  title: z._default(z.string(), ''),
  description: z._default(z.string(), ''),
  instruction: z._default(z.string(), ''),
  welcomeMessage: z._default(z.string(), ''),
  color: z._default(z.nullable(z.string()), null),
  avatarURL: z._default(z.nullable(z.string()), null),
  trainingExamples: z._default(z.array(TrainingExampleSchema), () => []),
  dynamicContextEndpoints: z._default(z.array(DynamicContextEndpointSchema), () => []),
  /** The creator locked the model: chats with this agent always use `model`. */
  modelLocked: z._default(z.boolean(), false),
  model: z._default(z.nullable(z.string()), null),
  modelInfo: z._default(z.nullable(z.record(z.string(), z.unknown())), null),
  /** Pinned on the main page. */
  pinned: z._default(z.boolean(), false),
  createdAt: timestampField,
  updatedAt: timestampField,
  lastUsedAt: optionalTimestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const CharacterSchema = z.object(characterShape);
export type Character = z.infer<typeof CharacterSchema>;

export const characterEntity = defineEntity({
  name: 'character',
  version: CHARACTER_SCHEMA_VERSION,
  shape: characterShape,
  keepUnknownFields: true,
  migrations: [
    {
      toVersion: 2,
      description: 'system-type characters become normal characters; rename retired model ids',
      up: (raw) => {
        const { type, ...rest } = raw;
        const migrated = {
          ...rest,
          model: currentModelIdOf(raw.model),
          modelInfo: currentModelInfo(raw.modelInfo),
        };
        // Only the retired `system` type is dropped; any other value is kept as an unknown field.
        return type === 'system' || type === undefined ? migrated : { ...migrated, type };
      },
    },
  ],
  normalize: (raw) => ({
    ...raw,
    modelLocked: raw.modelLocked ?? raw.isModelLocked,
    modelInfo: withoutSecretRowValues(raw.modelInfo),
  }),
  fieldParsers: {
    trainingExamples: (value, ctx) =>
      parseEachElement(value, 'trainingExamples', ctx, zodElement(TrainingExampleSchema)),
    dynamicContextEndpoints: (value, ctx) =>
      parseEachElement(value, 'dynamicContextEndpoints', ctx, zodElement(DynamicContextEndpointSchema)),
  },
});

export const parseCharacter = characterEntity.parse;
export const safeParseCharacter = characterEntity.safeParse;

export function newCharacterId(ids: IdGenerator): string {
  return `${CHARACTER_ID_PREFIX}${ids.randomId()}`;
}

export function newCharacter(
  fields: Partial<Character>,
  deps: { clock: Clock; ids: IdGenerator },
): Character {
  const now = isoNow(deps.clock);
  return parseCharacter({
    createdAt: now,
    updatedAt: now,
    ...fields,
    id: fields.id ?? newCharacterId(deps.ids),
  });
}

/** AG9: whether `id` is one of the ids reserved for the agents Parley ships. */
export function isBuiltInCharacterId(id: string): boolean {
  return id.startsWith(BUILT_IN_CHARACTER_ID_PREFIX);
}

/**
 * AG9: an agent that arrives by import or sync with a built-in agent's id is kept as the user's own
 * under another id, so it can never pass for the built-in one (whose instruction and endpoints the UI
 * hides). The new id is derived from the old one, the same on every device: a second import or the
 * same record synced again merges instead of making a copy.
 */
export function withOwnCharacterId<T extends { id: string }>(character: T): T {
  return isBuiltInCharacterId(character.id)
    ? { ...character, id: ownCharacterIdFor(character.id) }
    : character;
}

/** AG9: where an agent stored with a built-in id is kept (`character-parley-x` → `character-imported-parley-x`). */
export function ownCharacterIdFor(id: string): string {
  return isBuiltInCharacterId(id)
    ? `${CHARACTER_ID_PREFIX}imported-${id.slice(CHARACTER_ID_PREFIX.length)}`
    : id;
}
