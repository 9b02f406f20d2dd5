import {
  limitKinds,
  type HostedAdminState,
  type HostedLimits,
  type HostedModelView,
  type HostedProviderView,
  type LimitKind,
} from '@parley/core/hosted';
import { providerCatalogue, type ProviderId } from '@parley/core/models';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { hostedAdmin } from './hosted-admin-client';

/** Examples in the empty fields: a web address and a model's id, the same in every language. */
const ENDPOINT_EXAMPLE = 'https://…';
const MODEL_ID_EXAMPLE = 'gpt-4o-mini';

/**
 * The admin panel's Models tab (issue #37, HM3-HM7): providers with their keys (sealed on the
 * server; only a hint comes back), the models offered with the names members see and their prices,
 * and the limits of the organisation and of each member.
 */
export default function HostedModelsAdmin() {
  const { t } = useTranslation();
  const [state, setState] = useState<HostedAdminState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reload = useCallback(() => {
    hostedAdmin.state().then(
      (next) => (setState(next), setProblem(null)),
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, []);
  useEffect(reload, [reload]);
  /** Runs an admin change, then shows the server's state again; a refusal shows its message. */
  const act = (change: () => Promise<unknown>) =>
    change().then(reload, (error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );

  if (!state) {
    return problem ? (
      <p role="alert" className="text-sm text-danger">
        {t('hostedModels.admin.loadFailed', { message: problem })}
      </p>
    ) : (
      <p className="text-sm text-muted">{t('hostedModels.admin.loading')}</p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {!state.available && (
        <div role="status" className="rounded-lg border border-line bg-sunken p-3 text-sm">
          <p className="font-medium">{t('hostedModels.admin.unavailable')}</p>
          {state.problem && <p className="mt-1 text-muted">{state.problem}</p>}
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <ProvidersSection state={state} act={act} />
      <ModelsSection state={state} act={act} />
      <LimitsSection state={state} act={act} />
    </div>
  );
}

type Act = (change: () => Promise<unknown>) => Promise<void>;

function ProvidersSection({ state, act }: { state: HostedAdminState; act: Act }) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<ProviderId>('openai');
  const [endpoint, setEndpoint] = useState('');
  const [apiKey, setApiKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await hostedAdmin.addProvider({
        provider,
        apiKey,
        ...(endpoint.trim() ? { endpoint: endpoint.trim() } : {}),
      });
      setApiKey('');
      setEndpoint('');
    });
  };
  return (
    <section aria-labelledby="hosted-providers" className="flex flex-col gap-3">
      <h3 id="hosted-providers" className="text-base font-semibold">
        {t('hostedModels.admin.providers')}
      </h3>
      <p className="text-sm text-muted">{t('hostedModels.admin.providersHint')}</p>
      {state.providers.length === 0 ? (
        <p className="text-sm text-muted">{t('hostedModels.admin.noProviders')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
          {state.providers.map((row) => (
            <ProviderRow key={row.id} row={row} act={act} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <Select
          label={t('hostedModels.admin.provider')}
          value={provider}
          options={providerCatalogue.map((entry) => ({ value: entry.id, label: entry.name }))}
          onValueChange={setProvider}
        />
        <TextField
          label={t('hostedModels.admin.endpoint')}
          value={endpoint}
          placeholder={ENDPOINT_EXAMPLE}
          onChange={(event) => setEndpoint(event.target.value)}
        />
        <TextField
          label={t('hostedModels.admin.apiKey')}
          type="password"
          autoComplete="off"
          required
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
        <p className="text-xs text-muted sm:col-span-2">{t('hostedModels.admin.endpointHint')}</p>
        <Button type="submit" variant="primary" disabled={!state.available || apiKey.trim() === ''}>
          {t('hostedModels.admin.addProvider')}
        </Button>
      </form>
    </section>
  );
}

function ProviderRow({ row, act }: { row: HostedProviderView; act: Act }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{row.name}</p>
        <p className="truncate text-xs text-muted">
          {row.endpoint} · {t('hostedModels.admin.keyHint', { hint: row.keyHint })}
        </p>
      </div>
      <Switch
        label={t('hostedModels.admin.enabled')}
        checked={row.enabled}
        onCheckedChange={(enabled) => void act(() => hostedAdmin.updateProvider(row.id, { enabled }))}
      />
      <Button size="sm" variant="ghost" onClick={() => void act(() => hostedAdmin.removeProvider(row.id))}>
        {t('hostedModels.admin.remove')}
      </Button>
    </li>
  );
}

/** Prices are kept per 1000 tokens (core's unit) and shown per million (decision 0071). */
const PER_1M = 1000;

function ModelsSection({ state, act }: { state: HostedAdminState; act: Act }) {
  const { t } = useTranslation();
  const [providerId, setProviderId] = useState('');
  const [modelID, setModelID] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [priceIn, setPriceIn] = useState('');
  const [priceOut, setPriceOut] = useState('');
  const chosen = providerId || state.providers[0]?.id || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = Number(priceIn);
    const output = Number(priceOut);
    const priced = priceIn.trim() !== '' && priceOut.trim() !== '' && input >= 0 && output >= 0;
    void act(async () => {
      await hostedAdmin.addModel({
        providerId: chosen,
        modelID: modelID.trim(),
        displayName: displayName.trim() || modelID.trim(),
        ...(priced ? { pricing: { prompt: input / PER_1M, completion: output / PER_1M } } : {}),
      });
      setModelID('');
      setDisplayName('');
      setPriceIn('');
      setPriceOut('');
    });
  };
  const providerName = (id: string) => state.providers.find((row) => row.id === id)?.name ?? '';
  return (
    <section aria-labelledby="hosted-models" className="flex flex-col gap-3">
      <h3 id="hosted-models" className="text-base font-semibold">
        {t('hostedModels.admin.models')}
      </h3>
      {state.models.length === 0 ? (
        <p className="text-sm text-muted">{t('hostedModels.admin.noModels')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
          {state.models.map((row) => (
            <ModelRow key={row.id} row={row} provider={providerName(row.providerId)} act={act} />
          ))}
        </ul>
      )}
      {state.providers.length > 0 && (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3 sm:items-end">
          <Select
            label={t('hostedModels.admin.provider')}
            value={chosen}
            options={state.providers.map((row) => ({ value: row.id, label: row.name }))}
            onValueChange={setProviderId}
          />
          <TextField
            label={t('hostedModels.admin.modelId')}
            required
            value={modelID}
            placeholder={MODEL_ID_EXAMPLE}
            onChange={(event) => setModelID(event.target.value)}
          />
          <TextField
            label={t('hostedModels.admin.displayName')}
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
          />
          <TextField
            label={t('hostedModels.admin.priceIn')}
            inputMode="decimal"
            value={priceIn}
            onChange={(event) => setPriceIn(event.target.value)}
          />
          <TextField
            label={t('hostedModels.admin.priceOut')}
            inputMode="decimal"
            value={priceOut}
            onChange={(event) => setPriceOut(event.target.value)}
          />
          <Button type="submit" variant="primary" disabled={modelID.trim() === ''}>
            {t('hostedModels.admin.addModel')}
          </Button>
          <p className="text-xs text-muted sm:col-span-3">{t('hostedModels.admin.priceHint')}</p>
        </form>
      )}
    </section>
  );
}

function ModelRow({ row, provider, act }: { row: HostedModelView; provider: string; act: Act }) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = row.pricing
    ? t('hostedModels.admin.price', {
        input: format.usd(row.pricing.prompt * PER_1M),
        output: format.usd(row.pricing.completion * PER_1M),
      })
    : t('hostedModels.admin.noPrice');
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{row.displayName}</p>
        <p className="truncate text-xs text-muted">
          {provider} · {row.modelID} · {price}
        </p>
      </div>
      <Switch
        label={t('hostedModels.admin.enabled')}
        checked={row.enabled}
        onCheckedChange={(enabled) => void act(() => hostedAdmin.updateModel(row.id, { enabled }))}
      />
      <Button size="sm" variant="ghost" onClick={() => void act(() => hostedAdmin.removeModel(row.id))}>
        {t('hostedModels.admin.remove')}
      </Button>
    </li>
  );
}

function LimitsSection({ state, act }: { state: HostedAdminState; act: Act }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hosted-limits" className="flex flex-col gap-3">
      <h3 id="hosted-limits" className="text-base font-semibold">
        {t('hostedModels.admin.limits')}
      </h3>
      <p className="text-sm text-muted">{t('hostedModels.admin.limitsHint')}</p>
      <LimitsForm scope="members" limits={state.limits.members} act={act} />
      <LimitsForm scope="organisation" limits={state.limits.organisation} act={act} />
    </section>
  );
}

function LimitsForm({
  scope,
  limits,
  act,
}: {
  scope: 'organisation' | 'members';
  limits: HostedLimits;
  act: Act;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<LimitKind, string>>(
    () =>
      Object.fromEntries(limitKinds.map((kind) => [kind, limits[kind]?.toString() ?? ''])) as Record<
        LimitKind,
        string
      >,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: HostedLimits = {};
    for (const kind of limitKinds) {
      const value = Number(values[kind]);
      if (values[kind].trim() !== '' && value > 0) next[kind] = value;
    }
    void act(() => hostedAdmin.setLimits(scope, next));
  };
  const title = t(`hostedModels.admin.scope.${scope}`);
  return (
    <form
      onSubmit={submit}
      aria-label={title}
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
    >
      <p className="text-sm font-medium">{title}</p>
      <div className="grid gap-3 sm:grid-cols-5">
        {limitKinds.map((kind) => (
          <TextField
            key={kind}
            label={t(`hostedModels.admin.limit.${kind}`)}
            inputMode="decimal"
            value={values[kind]}
            onChange={(event) => setValues({ ...values, [kind]: event.target.value })}
          />
        ))}
      </div>
      <Button type="submit" variant="secondary" className="self-start">
        {t('hostedModels.admin.saveLimits')}
      </Button>
    </form>
  );
}
