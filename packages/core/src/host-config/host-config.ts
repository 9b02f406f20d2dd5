import { z } from 'zod';
import { featureFlagDefaults, type FeatureFlag } from '../license';

/**
 * `parley.config.json`: what the person who hosts Parley sets for every user of that copy (decision
 * 0091). The file sits beside the app (a static host) or is served by the Parley server
 * (PARLEY_CONFIG_FILE). Every field is optional; an unknown field or flag is an error, so a typo never
 * passes silently as a setting that does nothing.
 */
/** The welcome text's longest length: a few short paragraphs, not a page. */
export const WELCOME_TEXT_MAX = 1000;

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
  })
  .strict();

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
  if (issue.code === 'invalid_type') {
    const article = /^[aeiou]/.test(issue.expected) ? 'an' : 'a';
    const expected = issue.expected === 'boolean' ? 'true or false' : `${article} ${issue.expected}`;
    return `${base || 'the file'}: must be ${expected}`;
  }
  return `${base || 'the file'}: ${issue.message}`;
}
