import {
  HostedAdminStateSchema,
  HostedUsageReportSchema,
  type HostedAdminState,
  type HostedLimits,
  type HostedModelInput,
  type HostedModelPatch,
  type HostedProviderInput,
  type HostedProviderPatch,
  type HostedUsageReport,
} from '@parley/core/hosted';
import { hostedModelsStore } from './hosted-models-store';

/** The admin's calls (`/api/admin/hosted/*`, HM3) on the signed-in server, with its session. */

export class HostedAdminError extends Error {}

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const { serverUrl, headers } = hostedModelsStore.getState();
  const base = serverUrl ?? location.origin;
  const res = await fetch(`${base}/api/admin/hosted${path}`, {
    method,
    credentials: 'include',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status === 204) return null;
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const said = (json as { userMessage?: unknown } | null)?.userMessage;
    throw new HostedAdminError(typeof said === 'string' ? said : `HTTP ${res.status}`);
  }
  return json;
}

export const hostedAdmin = {
  state: async (): Promise<HostedAdminState> => HostedAdminStateSchema.parse(await call('GET', '/models')),
  addProvider: (input: HostedProviderInput) => call('POST', '/providers', input),
  updateProvider: (id: string, patch: HostedProviderPatch) =>
    call('PATCH', `/providers/${encodeURIComponent(id)}`, patch),
  removeProvider: (id: string) => call('DELETE', `/providers/${encodeURIComponent(id)}`),
  addModel: (input: HostedModelInput) => call('POST', '/models', input),
  updateModel: (id: string, patch: HostedModelPatch) =>
    call('PATCH', `/models/${encodeURIComponent(id)}`, patch),
  removeModel: (id: string) => call('DELETE', `/models/${encodeURIComponent(id)}`),
  setLimits: (scope: 'organisation' | 'members', limits: HostedLimits) =>
    call('PUT', `/limits/${scope}`, limits),
  usage: async (days: number): Promise<HostedUsageReport> =>
    HostedUsageReportSchema.parse(await call('GET', `/usage?days=${days}`)),
};
