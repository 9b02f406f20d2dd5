import { z } from 'zod/mini';
import { defineEntity, parseEachElement, schemaVersionField, zodElement } from './entity-parser';
import type { RawRecord } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

/**
 * An installed plugin as stored. Plugin files in the wild carry many more fields (httpAction,
 * pluginFunctions, oauthConfig, …): all of them are kept, only the fields the app reads are typed.
 */
export const PLUGIN_SCHEMA_VERSION = 2;

export const pluginSettingTypes = ['text', 'password', 'number', 'email', 'enum'] as const;

export const PluginUserSettingSchema = z.looseObject({
  name: z.string(),
  label: z.string(),
  type: z._default(z.enum(pluginSettingTypes), 'text'),
  required: z.optional(z.boolean()),
  defaultValue: z.optional(z.union([z.string(), z.number(), z.boolean()])),
  values: z.optional(z.array(z.string())),
});
export type PluginUserSetting = z.infer<typeof PluginUserSettingSchema>;

export const PluginFunctionSpecSchema = z.looseObject({
  name: z.string(),
  description: z._default(z.string(), ''),
  parameters: z.optional(z.record(z.string(), z.unknown())),
});

export const pluginOutputTypes = ['respond_to_ai', 'render_markdown', 'render_html', 'cards'] as const;

const pluginShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  uuid: z._default(z.string(), ''),
  title: z._default(z.string(), ''),
  emoji: z._default(z.string(), ''),
  openaiSpec: z._default(z.nullable(PluginFunctionSpecSchema), null),
  userSettings: z._default(z.array(PluginUserSettingSchema), () => []),
  outputType: z._default(z.enum(pluginOutputTypes), 'respond_to_ai'),
  implementationType: z._default(z.string(), 'javascript'),
  code: z.optional(z.string()),
  installed: z._default(z.boolean(), true),
  /** Switched on on the Plugins screen; chats use only enabled plugins (chatPlugins). */
  enabled: z._default(z.boolean(), true),
  /** An update of the plugin file was applied (or is offered, by whoever sets it). */
  updated: z._default(z.boolean(), false),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const PluginSchema = z.object(pluginShape);
export type Plugin = z.infer<typeof PluginSchema>;

/** Plugin documentation sometimes shows these as JSON text rather than objects: accept both. */
const JSON_TEXT_FIELDS = ['openaiSpec', 'userSettings', 'httpAction'] as const;

function decodeJsonTextFields(raw: RawRecord): RawRecord {
  const out = { ...raw };
  for (const key of JSON_TEXT_FIELDS) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    try {
      out[key] = JSON.parse(value);
    } catch {
      // Left as text: the field parser reports it and falls back to the default.
    }
  }
  if (!out.uuid && typeof out.id === 'string') out.uuid = out.id;
  return out;
}

export const pluginEntity = defineEntity({
  name: 'plugin',
  version: PLUGIN_SCHEMA_VERSION,
  shape: pluginShape,
  keepUnknownFields: true,
  migrations: [
    {
      toVersion: 2,
      // Before the Plugins screen every installed plugin was offered to chats: keep that.
      description: 'plugins can be switched off; installed ones start enabled',
      up: (raw) => ({
        ...raw,
        enabled: typeof raw.enabled === 'boolean' ? raw.enabled : raw.installed !== false,
      }),
    },
  ],
  normalize: decodeJsonTextFields,
  fieldParsers: {
    userSettings: (value, ctx) =>
      parseEachElement(value, 'userSettings', ctx, zodElement(PluginUserSettingSchema)),
  },
});

export const parsePlugin = pluginEntity.parse;
export const safeParsePlugin = pluginEntity.safeParse;
