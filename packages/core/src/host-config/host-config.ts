import { z } from 'zod';
import { featureFlagDefaults, type FeatureFlag } from '../license';
import { findModel, keyedProviderIds, type KeyedProviderId } from '../models';

/**
 * `parley.config.json`: what the person who hosts Parley sets for every user of that copy (decision
 * 0091). The file sits beside the app (a static host) or is served by the Parley server
 * (PARLEY_CONFIG_FILE). Every field is optional; an unknown field or flag is an error, so a typo never
 * passes silently as a setting that does nothing.
 */
/** The welcome text's longest length: a few short paragraphs, not a page. */
export const WELCOME_TEXT_MAX = 1000;
/** At most this many extension scripts (decision 0140): each one is a sandbox job at start. */
export const EXTENSIONS_MAX = 20;

/** An absolute http(s) URL; the text says what was wrong. */
const httpUrl = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL');

/**
 * An extension's script: an absolute http(s) URL, or a path relative to the config file (a script
 * beside the app). Never `javascript:`, `data:` or `blob:`: the host names a file it serves.
 */
const scriptUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine(
    (text) => !/^[a-z][a-z0-9+.-]*:/i.test(text) || /^https?:\/\//i.test(text),
    'must be an http:// or https:// URL, or a path beside the app',
  );

const modelId = z.string().trim().min(1, 'must not be empty');

const flagShape = Object.fromEntries(
  (Object.keys(featureFlagDefaults) as FeatureFlag[]).map((flag) => [flag, z.boolean().optional()]),
) as Record<FeatureFlag, z.ZodOptional<z.ZodBoolean>>;

export const HostConfigSchema = z
  .object({
    /** The spec's feature flags: false hides the feature for everyone (screen, palette, shortcut). */
    flags: z.object(flagShape).strict().optional(),
    /**
     * Shown on the empty chat screen in place of the default line under the greeting (decision
     * 0126): plain text, line breaks kept, never HTML.
     */
    welcomeText: z
      .string()
      .trim()
      .min(1, 'must not be empty (leave the field out for the default)')
      .max(WELCOME_TEXT_MAX, `must be at most ${WELCOME_TEXT_MAX} characters`)
      .optional(),
    /**
     * The sync server used until the user picks one (decision 0139): shown in Settings → Cloud Sync,
     * where the user can change it. Nothing calls it until the user signs in.
     */
    defaultSyncServer: httpUrl.optional(),
    /** The model of a new chat until the user picks a default of their own. */
    defaultModel: modelId.optional(),
    /** Listed first in the model picker, in this order, until the user orders the models. */
    modelsFirst: z.array(modelId).max(100, 'must list at most 100 models').optional(),
    /**
     * The providers offered (Settings → API keys, the model picker); the others are hidden, and a
     * key already stored for one is kept. Left out: every provider.
     */
    providers: z
      .array(z.enum(keyedProviderIds as [KeyedProviderId, ...KeyedProviderId[]]))
      .min(1, 'must list at least one provider (leave the field out for all)')
      .refine((list) => new Set(list).size === list.length, 'lists a provider twice')
      .optional(),
    /** Extension scripts run in the plugin sandbox (decision 0140); only ever from this file. */
    extensions: z
      .array(scriptUrl)
      .max(EXTENSIONS_MAX, `must list at most ${EXTENSIONS_MAX} scripts`)
      .refine((list) => new Set(list).size === list.length, 'lists a script twice')
      .optional(),
  })
  .strict()
  .superRefine((config, context) => {
    // A default model whose provider is not offered could never answer.
    const model = config.defaultModel === undefined ? undefined : findModel(config.defaultModel);
    if (model && config.providers && !(config.providers as string[]).includes(model.provider)) {
      context.addIssue({
        code: 'custom',
        path: ['defaultModel'],
        message: `its provider, ${model.provider}, is not in providers`,
      });
    }
  });

export type HostConfig = z.infer<typeof HostConfigSchema>;

export type HostConfigReading = { ok: true; config: HostConfig } | { ok: false; problems: string[] };

/** Reads the file's text: the config, or each problem as "field: what is wrong". */
export function readHostConfig(text: string): HostConfigReading {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [`The file is not valid JSON: ${reason}`] };
  }
  const result = HostConfigSchema.safeParse(raw);
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, problems: result.error.issues.map(describeIssue) };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const base = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys
      .map((key) => `${base ? `${base}.` : ''}${key}: not a known ${base === 'flags' ? 'flag' : 'field'}`)
      .join('; ');
  }
  if (issue.code === 'invalid_value' && 'values' in issue) {
    return `${base}: must be one of ${issue.values.map(String).join(', ')}`;
  }
  if (issue.code === 'invalid_type') {
    const article = /^[aeiou]/.test(issue.expected) ? 'an' : 'a';
    const expected = issue.expected === 'boolean' ? 'true or false' : `${article} ${issue.expected}`;
    return `${base || 'the file'}: must be ${expected}`;
  }
  return `${base || 'the file'}: ${issue.message}`;
}
