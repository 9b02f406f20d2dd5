import { describeEndpoint, endpointFingerprint } from '@parley/core/agent-context';
import { AGENT_MESSAGES, canAddEndpoint, safeAvatarURL, validateAgent } from '@parley/core/agents';
import type { Character, DynamicContextEndpoint } from '@parley/core/entities';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { Select } from '../../ui/Select';
import { SubScreenHeader } from '../../ui/SubScreenHeader';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { errorClasses, hintClasses, labelClasses } from '../../ui/field-classes';
import { TextAreaField } from '../../ui/TextAreaField';
import { cn } from '../../ui/cn';
import { TrashIcon } from '../../ui/icons/settings';
import { PlusIcon } from '../../ui/icons/shell';
import { useEndpointApprovals, useSyncedSettings } from '../../state';
import { AgentAvatar } from './AgentAvatar';
import { agentFieldsOf, draftOf, type AgentDraft } from './agent-draft';
import { EndpointEditor } from './EndpointEditor';
import { useAgentActions } from './use-agent-actions';
import { listModels, useModelDirectory } from '../model-picker';

/** Creates or edits one of the user's own agents (AG1-AG3, AG6, AG8). */
export function AgentEditor({ agent, onDone }: { agent: Character | null; onDone: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const actions = useAgentActions();
  const approvals = useEndpointApprovals();
  // DC7: endpoints this device has not approved (they came from a file or another device) are
  // listed as off; they stay off unless the user turns them on, or edits them (writes them anew).
  const [opened] = useState(() => {
    const draft = draftOf(agent);
    const off = draft.endpoints.filter((endpoint) => !approvals.isApproved(endpointFingerprint(endpoint)));
    return { draft, off: new Set<DynamicContextEndpoint>(off) };
  });
  const [draft, setDraft] = useState<AgentDraft>(opened.draft);
  const [turnedOn, setTurnedOn] = useState<ReadonlySet<DynamicContextEndpoint>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The same models the picker lists (live lists where there is a key, the user's order and hidden
  // ones), plus the agent's own model even when it is hidden or no longer listed.
  const settings = useSyncedSettings((state) => state.values);
  const directory = useModelDirectory(false);
  const modelOptions = useMemo(() => {
    const listed = listModels({
      directory,
      customModels: settings.customModels,
      order: settings.modelIDsOrder,
      hidden: settings.hiddenModelIDs,
      keep: draft.model,
    }).map((model) => ({ value: model.id, label: model.title }));
    const own = draft.model && !listed.some((option) => option.value === draft.model);
    return [
      { value: '', label: t('agents.form.defaultModel') },
      ...listed,
      ...(own ? [{ value: draft.model, label: draft.model }] : []),
    ];
  }, [directory, settings.customModels, settings.modelIDsOrder, settings.hiddenModelIDs, draft.model, t]);
  const set = (patch: Partial<AgentDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const avatarInvalid = draft.avatarURL.trim() !== '' && !safeAvatarURL(draft.avatarURL);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = agentFieldsOf(draft);
    const problem =
      validateAgent({
        title: fields.title ?? '',
        instruction: fields.instruction ?? '',
        dynamicContextEndpoints: fields.dynamicContextEndpoints ?? [],
      }) ?? (avatarInvalid ? t('agents.form.avatarInvalid') : undefined);
    setError(problem ?? null);
    if (problem) return;
    setSaving(true);
    try {
      const stillOff = (index: number) => {
        const endpoint = draft.endpoints[index];
        return endpoint !== undefined && opened.off.has(endpoint) && !turnedOn.has(endpoint);
      };
      await actions.save(agent ? { ...agent, ...fields } : actions.create(fields), {
        approveEndpoint: (index) => !stillOff(index),
      });
      onDone();
    } catch (failure) {
      setError(
        t('agents.form.saveFailed', {
          message: failure instanceof Error ? failure.message : String(failure),
        }),
      );
    } finally {
      setSaving(false);
    }
  };

  const textArea = (
    label: string,
    value: string,
    onChange: (value: string) => void,
    hint?: string,
    rows = 3,
  ) => (
    <TextAreaField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
      rows={rows}
    />
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex min-h-0 flex-col overflow-y-auto px-5 pt-2 pb-5"
    >
      <SubScreenHeader
        headingId={headingId}
        title={agent ? t('agents.form.editTitle', { title: agent.title }) : t('agents.form.newTitle')}
        intro={t('agents.form.intro')}
        backLabel={t('agents.form.back')}
        onBack={onDone}
      />
      <div className="mt-4 flex flex-col gap-4">
        <div className="flex items-end gap-3">
          <AgentAvatar
            agent={{ id: agent?.id ?? '', title: draft.title, avatarURL: draft.avatarURL || null }}
            size="lg"
          />
          <TextField
            label={t('agents.form.name')}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            required
            className="flex-1"
          />
        </div>
        <TextField
          label={t('agents.form.description')}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <TextField
          label={t('agents.form.avatar')}
          hint={t('agents.form.avatarHint')}
          error={avatarInvalid ? t('agents.form.avatarInvalid') : undefined}
          type="url"
          inputMode="url"
          value={draft.avatarURL}
          onChange={(e) => set({ avatarURL: e.target.value })}
        />
        {textArea(
          t('agents.form.instruction'),
          draft.instruction,
          (instruction) => set({ instruction }),
          t('agents.form.instructionHint'),
          6,
        )}
        {textArea(
          t('agents.form.welcome'),
          draft.welcomeMessage,
          (welcomeMessage) => set({ welcomeMessage }),
          t('agents.form.welcomeHint'),
        )}
        <fieldset className="flex flex-col gap-3">
          <legend className={labelClasses}>{t('agents.form.examples')}</legend>
          <p className={hintClasses}>{t('agents.form.examplesHint')}</p>
          {draft.trainingExamples.map((pair, index) => (
            <div key={index} className="flex items-start gap-2 rounded-xl border border-line p-3">
              <div className="flex flex-1 flex-col gap-2">
                {(['user', 'assistant'] as const).map((role) => (
                  <TextAreaField
                    key={role}
                    label={t(role === 'user' ? 'agents.form.exampleUser' : 'agents.form.exampleAssistant', {
                      n: index + 1,
                    })}
                    value={pair[role]}
                    rows={2}
                    onChange={({ target: { value } }) =>
                      set({
                        trainingExamples: draft.trainingExamples.map((p, i) =>
                          i === index ? { ...p, [role]: value } : p,
                        ),
                      })
                    }
                  />
                ))}
              </div>
              <IconButton
                label={t('agents.form.removeExample', { n: index + 1 })}
                onClick={() =>
                  set({ trainingExamples: draft.trainingExamples.filter((_, i) => i !== index) })
                }
                icon={<TrashIcon size={16} />}
              />
            </div>
          ))}
          <Button
            size="sm"
            variant="secondary"
            className="self-start"
            icon={<PlusIcon size={14} />}
            onClick={() =>
              set({ trainingExamples: [...draft.trainingExamples, { user: '', assistant: '' }] })
            }
          >
            {t('agents.form.addExample')}
          </Button>
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className={labelClasses}>{t('agents.form.endpoints')}</legend>
          <p className={hintClasses}>{t('agents.form.endpointsHint')}</p>
          {draft.endpoints.map((endpoint, index) => (
            <EndpointEditor
              key={endpoint.id ?? index}
              endpoint={endpoint}
              index={index}
              onChange={(next) => set({ endpoints: draft.endpoints.map((e, i) => (i === index ? next : e)) })}
              onRemove={() => set({ endpoints: draft.endpoints.filter((_, i) => i !== index) })}
              offHere={
                opened.off.has(endpoint)
                  ? {
                      summary: describeEndpoint(endpoint),
                      turnedOn: turnedOn.has(endpoint),
                      onTurnedOnChange: (on) =>
                        setTurnedOn((current) => {
                          const next = new Set(current);
                          if (on) next.add(endpoint);
                          else next.delete(endpoint);
                          return next;
                        }),
                    }
                  : undefined
              }
            />
          ))}
          <Button
            size="sm"
            variant="secondary"
            className="self-start"
            icon={<PlusIcon size={14} />}
            onClick={() =>
              canAddEndpoint(draft.endpoints)
                ? set({
                    endpoints: [
                      ...draft.endpoints,
                      { name: '', url: '', method: 'GET', headers: [], body: [] },
                    ],
                  })
                : setError(AGENT_MESSAGES.tooManyEndpoints)
            }
          >
            {t('agents.form.addEndpoint')}
          </Button>
        </fieldset>
        <Select
          label={t('agents.form.model')}
          value={draft.model}
          options={modelOptions}
          onValueChange={(model) => set({ model })}
        />
        <Switch
          label={t('agents.form.lockModel')}
          hint={t('agents.form.lockModelHint')}
          checked={draft.modelLocked && draft.model !== ''}
          disabled={draft.model === ''}
          onCheckedChange={(modelLocked) => set({ modelLocked })}
        />
        <Switch
          label={t('agents.form.pin')}
          checked={draft.pinned}
          onCheckedChange={(pinned) => set({ pinned })}
        />
        {error && (
          <p role="alert" className={cn(errorClasses, 'text-sm')}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={onDone}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {t('agents.form.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
