import {
  HostedLimitsSchema,
  type HostedAdminState,
  type HostedLimits,
  type HostedModelInput,
  type HostedModelList,
  type HostedModelPatch,
  type HostedModelView,
  type HostedProviderInput,
  type HostedProviderPatch,
  type HostedProviderView,
} from '@parley/core/hosted';
import { providerEntry, type ModelDescriptor, type ProviderId } from '@parley/core/models';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { MEMBERS_SCOPE, ORGANISATION_SCOPE, parseLimits } from './hosted-limits-store';
import {
  asApiType,
  asProvider,
  audit,
  boundTo,
  catalogueEntry,
  modelView,
  newId,
  parsePricing,
  providerView,
} from './hosted-rows';
import {
  hostedDb,
  type HostedDatabase,
  type HostedModelsTable,
  type HostedProvidersTable,
} from './hosted-tables';
import { keyHint, open, seal, type SecretKeyProblem, type SecretKeyring } from './secret-box';

/**
 * HM1-HM7: the providers and models the organisation offers, and their limits. Admin changes are
 * recorded in the audit log (`hosted.model.*`, `hosted.limit.*`) without the key (HM6).
 */

export const DEFAULT_ORGANISATION_NAME = 'Your organisation';
const DEFAULT_CONTEXT_LENGTH = 8192;

export const hostedMessages = {
  noSecretKey:
    'Models for the organisation are off: this server has no PARLEY_SECRET_KEY. Set it to 32 random bytes in base64 (openssl rand -base64 32) and restart the server.',
  noModel: 'This model is not offered by your organisation any more. Choose another model.',
  noProvider: 'There is no such provider.',
  keyUnreadable:
    "The organisation's key for this provider cannot be opened (was PARLEY_SECRET_KEY changed?). Ask an admin to enter the key again.",
} as const;

export type HostedSettings = {
  keyring: SecretKeyring | SecretKeyProblem | undefined;
  organisationName?: string | undefined;
};

/** Everything the relay needs to call the provider for one model. */
export type RelayTarget = {
  model: ModelDescriptor;
  hostedId: string;
  displayName: string;
  providerId: ProviderId;
  endpoint: string;
  apiKey: string;
};

export class HostedCatalogue {
  private readonly db: Kysely<HostedDatabase>;

  constructor(
    db: Kysely<Database>,
    private readonly settings: HostedSettings,
    private readonly clock: () => number = Date.now,
  ) {
    this.db = hostedDb(db);
  }

  get organisationName(): string {
    return this.settings.organisationName?.trim() || DEFAULT_ORGANISATION_NAME;
  }

  /** The keyring, or why there is none (HM5: without it nothing is offered). */
  keyring(): SecretKeyring | undefined {
    const ring = this.settings.keyring;
    return ring && !('problem' in ring) ? ring : undefined;
  }

  problem(): string | undefined {
    const ring = this.settings.keyring;
    if (!ring) return hostedMessages.noSecretKey;
    return 'problem' in ring ? `Models for the organisation are off: ${ring.problem}.` : undefined;
  }

  private requireKeyring(): SecretKeyring {
    const ring = this.keyring();
    if (!ring) throw new HttpError('unavailable:hosted', this.problem() ?? hostedMessages.noSecretKey);
    return ring;
  }

  // ---- members ----

  /** HM1: the enabled models of enabled providers, as members see them. */
  async list(): Promise<HostedModelList> {
    if (!this.keyring()) return { organisation: this.organisationName, models: [] };
    const rows = await this.db
      .selectFrom('hosted_models')
      .innerJoin('hosted_providers', 'hosted_providers.id', 'hosted_models.provider_row_id')
      .select([
        'hosted_models.id',
        'hosted_models.model_id',
        'hosted_models.display_name',
        'hosted_models.context_length',
        'hosted_providers.provider',
        'hosted_providers.api_type',
      ])
      .where('hosted_models.disabled_at', 'is', null)
      .where('hosted_providers.disabled_at', 'is', null)
      .orderBy('hosted_models.display_name')
      .execute();
    return {
      organisation: this.organisationName,
      models: rows.map((row) => {
        const known = catalogueEntry(row.provider, row.model_id);
        return {
          id: row.id,
          displayName: row.display_name,
          provider: row.provider,
          apiType: asApiType(row.api_type),
          modelID: row.model_id,
          contextLength: row.context_length,
          ...(known?.visionSupported !== undefined && { visionSupported: known.visionSupported }),
          ...(known?.pluginSupported !== undefined && { pluginSupported: known.pluginSupported }),
        };
      }),
    };
  }

  /** HM2: the provider call behind a model id, key opened; 404 when not offered. */
  async relayTarget(hostedId: string): Promise<RelayTarget> {
    const ring = this.requireKeyring();
    const row = await this.db
      .selectFrom('hosted_models')
      .innerJoin('hosted_providers', 'hosted_providers.id', 'hosted_models.provider_row_id')
      .select([
        'hosted_models.id',
        'hosted_models.model_id',
        'hosted_models.display_name',
        'hosted_models.context_length',
        'hosted_models.pricing',
        'hosted_providers.id as provider_row_id',
        'hosted_providers.provider',
        'hosted_providers.api_type',
        'hosted_providers.endpoint',
        'hosted_providers.sealed_key',
        'hosted_providers.key_id',
      ])
      .where('hosted_models.id', '=', hostedId)
      .where('hosted_models.disabled_at', 'is', null)
      .where('hosted_providers.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new HttpError('not_found:hosted_model', hostedMessages.noModel);
    let apiKey: string;
    try {
      apiKey = open(ring, { sealed: row.sealed_key, keyId: row.key_id }, boundTo(row.provider_row_id));
    } catch {
      throw new HttpError('unavailable:hosted', hostedMessages.keyUnreadable);
    }
    const providerId = asProvider(row.provider);
    const known = catalogueEntry(row.provider, row.model_id);
    const pricing = parsePricing(row.pricing) ?? known?.pricing;
    const model: ModelDescriptor = {
      ...(known ?? {}),
      id: `hosted:${row.id}`,
      modelID: row.model_id,
      title: row.display_name,
      contextLength: row.context_length,
      apiType: asApiType(row.api_type),
      provider: providerId,
      ...(pricing ? { pricing } : {}),
      // The admin's endpoint wins over a catalogue entry's own.
      endpoint: undefined,
    };
    return {
      model,
      hostedId: row.id,
      displayName: row.display_name,
      providerId,
      endpoint: row.endpoint,
      apiKey,
    };
  }

  // ---- admin ----

  async adminState(): Promise<HostedAdminState> {
    const providers = await this.db
      .selectFrom('hosted_providers')
      .selectAll()
      .orderBy('created_at')
      .execute();
    const models = await this.db.selectFrom('hosted_models').selectAll().orderBy('created_at').execute();
    const providerOf = new Map(providers.map((row) => [row.id, row.provider]));
    const limitRows = await this.db.selectFrom('hosted_limits').select(['scope', 'limits']).execute();
    const userIds = limitRows.filter((row) => row.scope.startsWith('user:')).map((row) => row.scope.slice(5));
    const emails = new Map(
      userIds.length === 0
        ? []
        : (
            await this.db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
          ).map((row) => [row.id, row.email] as const),
    );
    const problem = this.problem();
    return {
      available: problem === undefined,
      ...(problem !== undefined && { problem }),
      providers: providers.map(providerView),
      models: models.map((row) => modelView(row, providerOf.get(row.provider_row_id) ?? 'custom')),
      limits: {
        organisation: parseLimits(limitRows.find((row) => row.scope === ORGANISATION_SCOPE)?.limits),
        members: parseLimits(limitRows.find((row) => row.scope === MEMBERS_SCOPE)?.limits),
        users: limitRows
          .filter((row) => row.scope.startsWith('user:'))
          .map((row) => ({
            userId: row.scope.slice(5),
            email: emails.get(row.scope.slice(5)) ?? '',
            limits: parseLimits(row.limits),
          })),
      },
    };
  }

  async addProvider(actorId: string, input: HostedProviderInput): Promise<HostedProviderView> {
    const ring = this.requireKeyring();
    const entry = providerEntry(input.provider);
    const endpoint = (input.endpoint || entry.endpoint).replace(/\/+$/, '');
    if (!endpoint)
      throw new HttpError(
        'bad_request:body',
        'A custom provider needs its endpoint (the base URL, such as https://llm.example.com/v1).',
      );
    const now = this.clock();
    const id = newId('hp');
    const sealed = seal(ring, input.apiKey, boundTo(id));
    const row: HostedProvidersTable = {
      id,
      provider: input.provider,
      name: input.name ?? entry.name,
      endpoint,
      api_type: input.provider === 'custom' ? (input.apiType ?? 'openai') : entry.dialect,
      sealed_key: sealed.sealed,
      key_id: sealed.keyId,
      key_hint: keyHint(input.apiKey),
      created_at: now,
      updated_at: now,
      disabled_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('hosted_providers').values(row).execute();
      await audit(
        trx,
        {
          actorId,
          action: 'hosted.model.provider.create',
          target: row.name,
          details: { provider: row.provider, endpoint: row.endpoint },
        },
        this.clock,
      );
    });
    return providerView(row);
  }

  async updateProvider(actorId: string, id: string, patch: HostedProviderPatch): Promise<HostedProviderView> {
    const existing = await this.db
      .selectFrom('hosted_providers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) throw new HttpError('not_found:hosted_provider', hostedMessages.noProvider);
    const now = this.clock();
    const next: HostedProvidersTable = {
      ...existing,
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.endpoint !== undefined && { endpoint: patch.endpoint.replace(/\/+$/, '') }),
      ...(patch.enabled !== undefined && {
        disabled_at: patch.enabled ? null : (existing.disabled_at ?? now),
      }),
      updated_at: now,
    };
    if (patch.apiKey !== undefined) {
      // HM5: a new key is sealed with the current secret key (this is also how a key is re-sealed after rotation).
      const sealed = seal(this.requireKeyring(), patch.apiKey, boundTo(id));
      next.sealed_key = sealed.sealed;
      next.key_id = sealed.keyId;
      next.key_hint = keyHint(patch.apiKey);
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('hosted_providers').set(next).where('id', '=', id).execute();
      await audit(
        trx,
        {
          actorId,
          action: 'hosted.model.provider.update',
          target: next.name,
          details: {
            ...(patch.name !== undefined && { name: patch.name }),
            ...(patch.endpoint !== undefined && { endpoint: next.endpoint }),
            ...(patch.enabled !== undefined && { enabled: patch.enabled }),
            ...(patch.apiKey !== undefined && { keyReplaced: true }),
          },
        },
        this.clock,
      );
    });
    return providerView(next);
  }

  async deleteProvider(actorId: string, id: string): Promise<void> {
    const existing = await this.db
      .selectFrom('hosted_providers')
      .select(['name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) throw new HttpError('not_found:hosted_provider', hostedMessages.noProvider);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('hosted_models').where('provider_row_id', '=', id).execute();
      await trx.deleteFrom('hosted_providers').where('id', '=', id).execute();
      await audit(
        trx,
        { actorId, action: 'hosted.model.provider.delete', target: existing.name },
        this.clock,
      );
    });
  }

  async addModel(actorId: string, input: HostedModelInput): Promise<HostedModelView> {
    const provider = await this.db
      .selectFrom('hosted_providers')
      .select(['id', 'provider'])
      .where('id', '=', input.providerId)
      .executeTakeFirst();
    if (!provider) throw new HttpError('not_found:hosted_provider', hostedMessages.noProvider);
    const known = catalogueEntry(provider.provider, input.modelID);
    const row: HostedModelsTable = {
      id: newId('hm'),
      provider_row_id: provider.id,
      model_id: input.modelID,
      display_name: input.displayName,
      context_length: input.contextLength ?? known?.contextLength ?? DEFAULT_CONTEXT_LENGTH,
      pricing: input.pricing ? JSON.stringify(input.pricing) : null,
      created_at: this.clock(),
      disabled_at: input.enabled === false ? this.clock() : null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('hosted_models').values(row).execute();
      await audit(
        trx,
        {
          actorId,
          action: 'hosted.model.create',
          target: row.display_name,
          details: { modelID: row.model_id, enabled: row.disabled_at === null },
        },
        this.clock,
      );
    });
    return modelView(row, provider.provider);
  }

  async updateModel(actorId: string, id: string, patch: HostedModelPatch): Promise<HostedModelView> {
    const existing = await this.db
      .selectFrom('hosted_models')
      .innerJoin('hosted_providers', 'hosted_providers.id', 'hosted_models.provider_row_id')
      .selectAll('hosted_models')
      .select('hosted_providers.provider')
      .where('hosted_models.id', '=', id)
      .executeTakeFirst();
    if (!existing) throw new HttpError('not_found:hosted_model', hostedMessages.noModel);
    const { provider, ...current } = existing;
    const now = this.clock();
    const next: HostedModelsTable = {
      ...current,
      ...(patch.displayName !== undefined && { display_name: patch.displayName }),
      ...(patch.contextLength !== undefined && { context_length: patch.contextLength }),
      ...(patch.pricing !== undefined && { pricing: patch.pricing ? JSON.stringify(patch.pricing) : null }),
      ...(patch.enabled !== undefined && {
        disabled_at: patch.enabled ? null : (current.disabled_at ?? now),
      }),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('hosted_models').set(next).where('id', '=', id).execute();
      await audit(
        trx,
        {
          actorId,
          action: 'hosted.model.update',
          target: next.display_name,
          details: { ...patch },
        },
        this.clock,
      );
    });
    return modelView(next, provider);
  }

  async deleteModel(actorId: string, id: string): Promise<void> {
    const existing = await this.db
      .selectFrom('hosted_models')
      .select(['display_name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) throw new HttpError('not_found:hosted_model', hostedMessages.noModel);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('hosted_models').where('id', '=', id).execute();
      await audit(trx, { actorId, action: 'hosted.model.delete', target: existing.display_name }, this.clock);
    });
  }

  /** HM7: sets (or, with every field empty, clears) one scope's limits. */
  async setLimits(actorId: string, scope: string, limits: HostedLimits): Promise<HostedLimits> {
    const clean = HostedLimitsSchema.parse(limits);
    let target = scope;
    if (scope.startsWith('user:')) {
      const user = await this.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', scope.slice(5))
        .executeTakeFirst();
      if (!user) throw new HttpError('not_found:hosted_member', 'There is no such member.');
      target = user.email;
    }
    const empty = Object.values(clean).every((value) => value === null || value === undefined);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('hosted_limits').where('scope', '=', scope).execute();
      if (!empty)
        await trx
          .insertInto('hosted_limits')
          .values({ scope, limits: JSON.stringify(clean), updated_at: this.clock() })
          .execute();
      await audit(
        trx,
        {
          actorId,
          action: 'hosted.limit.update',
          target,
          details: { scope: scope.startsWith('user:') ? 'member' : scope, ...clean },
        },
        this.clock,
      );
    });
    return clean;
  }
}
