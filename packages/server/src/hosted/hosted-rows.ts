import { randomBytes } from 'node:crypto';
import type { HostedModelView, HostedProviderView } from '@parley/core/hosted';
import {
  apiTypes,
  modelCatalogue,
  ModelPricingSchema,
  providerIds,
  type ApiType,
  type ModelDescriptor,
  type ModelPricing,
  type ProviderId,
} from '@parley/core/models';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type AuditEvent } from '../admin/audit-log';
import type { Database } from '../db/schema';
import type { HostedDatabase, HostedModelsTable, HostedProvidersTable } from './hosted-tables';

/** Rows of the hosted tables as the routes answer them, and the small helpers the catalogue shares. */

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

export function asProvider(value: string): ProviderId {
  return (providerIds as readonly string[]).includes(value) ? (value as ProviderId) : 'custom';
}

export function asApiType(value: string): ApiType {
  return (apiTypes as readonly string[]).includes(value) ? (value as ApiType) : 'openai';
}

export function parsePricing(text: string | null): ModelPricing | null {
  if (!text) return null;
  try {
    const parsed = ModelPricingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** HM12: the catalogue's entry for a provider's model id (its prices, context length, vision). */
export function catalogueEntry(provider: string, modelID: string): ModelDescriptor | undefined {
  return (
    modelCatalogue.find((entry) => entry.provider === provider && entry.modelID === modelID) ??
    modelCatalogue.find((entry) => entry.modelID === modelID)
  );
}

/** HM6: the audit row commits with the change it records (the transaction holds both). */
export function audit(
  trx: Transaction<HostedDatabase>,
  event: AuditEvent,
  clock: () => number,
): Promise<void> {
  return recordAudit(trx as unknown as Kysely<Database>, event, clock);
}

/** The additional data a provider's sealed key is bound to (HM5). */
export function boundTo(providerRowId: string): string {
  return `hosted_providers:${providerRowId}`;
}

export function providerView(row: HostedProvidersTable): HostedProviderView {
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    endpoint: row.endpoint,
    apiType: asApiType(row.api_type),
    keyHint: row.key_hint,
    enabled: row.disabled_at === null,
    createdAt: Number(row.created_at),
  };
}

export function modelView(row: HostedModelsTable, provider: string): HostedModelView {
  const own = parsePricing(row.pricing);
  const known = own ? undefined : catalogueEntry(provider, row.model_id)?.pricing;
  return {
    id: row.id,
    providerId: row.provider_row_id,
    modelID: row.model_id,
    displayName: row.display_name,
    contextLength: row.context_length,
    pricing: own ?? known ?? null,
    pricingSource: own ? 'admin' : known ? 'catalogue' : 'none',
    enabled: row.disabled_at === null,
    createdAt: Number(row.created_at),
  };
}
