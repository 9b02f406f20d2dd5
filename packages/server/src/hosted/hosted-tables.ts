import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Row types of the hosted-model tables (migration 2026_11_29_0040_hosted_models). Kept beside the
 * code that owns them and joined to the server's Database type here.
 */
export type HostedProvidersTable = {
  id: string;
  /** The provider registry's id (`openai`, `anthropic`, `gemini`, `openrouter`, `custom`). */
  provider: string;
  name: string;
  /** Base URL the requests go to (the registry's default unless the admin gave another). */
  endpoint: string;
  /** Wire format (a model's apiType): the registry's dialect, or the admin's for `custom`. */
  api_type: string;
  /** HM5: the provider key, AES-256-GCM sealed (`v1.iv.body.tag`); never sent anywhere. */
  sealed_key: string;
  /** Id of the PARLEY_SECRET_KEY that sealed it. */
  key_id: string;
  /** The key's last four characters, for the admin screen. */
  key_hint: string;
  created_at: number;
  updated_at: number;
  disabled_at: number | null;
};

export type HostedModelsTable = {
  id: string;
  provider_row_id: string;
  /** The provider's model id. */
  model_id: string;
  display_name: string;
  context_length: number;
  /** JSON `{ prompt, completion }` in USD per 1000 tokens, or null (the catalogue's, else zero). */
  pricing: string | null;
  created_at: number;
  disabled_at: number | null;
};

/** Scope `organisation`, `members` (each member's default) or `user:<id>` (one member's own). */
export type HostedLimitsTable = { scope: string; limits: string; updated_at: number };

/** HM9: what a scope used in one UTC window (`minute`, `day`, `month`); upserted atomically. */
export type HostedCountersTable = {
  scope: string;
  period: string;
  window_start: number;
  requests: number;
  tokens: number;
  cost_micros: number;
};

/** HM11: one relayed request. `status`: pending, ok, error, aborted. */
export type HostedUsageTable = {
  id: string;
  user_id: string;
  model_id: string;
  display_name: string;
  provider: string;
  status: string;
  http_status: number | null;
  prompt_tokens: number;
  completion_tokens: number;
  /** USD × 1,000,000, whole (sums stay exact). */
  cost_micros: number;
  created_at: number;
  finished_at: number | null;
};

export type HostedDatabase = Database & {
  hosted_providers: HostedProvidersTable;
  hosted_models: HostedModelsTable;
  hosted_limits: HostedLimitsTable;
  hosted_counters: HostedCountersTable;
  hosted_usage: HostedUsageTable;
};

/** The server's database seen with the hosted tables. */
export function hostedDb(db: Kysely<Database>): Kysely<HostedDatabase> {
  return db as unknown as Kysely<HostedDatabase>;
}
