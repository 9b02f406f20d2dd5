import {
  voiceInputEngines,
  voiceOutputEngines,
  type VoiceInputEngine,
  type VoiceOutputEngine,
  type VoiceSettings,
} from '@parley/core/entities';
import {
  elevenLabsModels,
  openAISpeechModels,
  openAITranscriptionModels,
  openAIVoicesFor,
  OPENAI_SPEED_RANGE,
} from '@parley/core/voice';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { FeatureGate, useFeatureFlags } from '../license';
import { useKeyVault, usePlatformServices } from '../../state';
import { notify } from '../toasts';
import { browserSpeechSynthesis } from './browser-speech';
import { readAloud } from './read-aloud';
import { stopSpeaking, useSpeakingOwner } from './speech-store';
import { VOICE_SECRET_IDS } from './voice-access';
import { inputEngineOf, saveVoiceSettings, useVoiceSettings } from './voice-settings-store';
import { useVoiceStatus, type VoiceServiceStatus } from './voice-status';

const PREVIEW_OWNER = 'voice-settings-preview';

function number(value: string, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** A number from 0 to 1 (ElevenLabs' stability and clarity); a value that is not a number is 0.75. */
function ShareField(props: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <TextField
      label={props.label}
      type="number"
      min={0}
      max={1}
      step={0.05}
      value={String(props.value)}
      onChange={(event) => props.onChange(Math.min(1, Math.max(0, number(event.target.value, 0.75))))}
    />
  );
}

/**
 * Settings → Voice (spec: Voice Settings): how speech becomes text (the browser, or OpenAI, Groq or
 * any OpenAI-compatible endpoint with a key) and how answers are read aloud (the browser, OpenAI,
 * ElevenLabs), with a Preview. Input shows while the voiceInput flag is on; output is the
 * textToSpeech plan feature. Keys for Groq, ElevenLabs and a custom endpoint go to the key vault.
 */
export default function VoiceSettingsSection() {
  const { t } = useTranslation();
  const { store, fetch } = usePlatformServices();
  const { settings: stored, loaded } = useVoiceSettings();
  const flags = useFeatureFlags((state) => state.flags);
  const secrets = useKeyVault((state) => state.secrets);
  const vaultState = useKeyVault((state) => state);
  const updateSecrets = useKeyVault((state) => state.updateCustomSecrets);
  const [draft, setDraft] = useState<VoiceSettings>(stored);
  const [keys, setKeys] = useState({
    groq: secrets[VOICE_SECRET_IDS.groq] ?? '',
    custom: secrets[VOICE_SECRET_IDS.custom] ?? '',
    elevenlabs: secrets[VOICE_SECRET_IDS.elevenlabs] ?? '',
  });
  const previewing = useSpeakingOwner((state) => state.owner === PREVIEW_OWNER);
  const status = useVoiceStatus();
  const statusText = (value: VoiceServiceStatus | undefined) =>
    value ? t(`voice.settings.status.${value}`) : t('voice.settings.status.unused');
  const [browserVoices, setBrowserVoices] = useState<string[]>([]);

  // The stored settings arrive after the first render: the form starts from them once.
  const [seeded, setSeeded] = useState(loaded);
  if (loaded && !seeded) {
    setSeeded(true);
    setDraft(stored);
  }
  useEffect(() => {
    const synthesis = browserSpeechSynthesis();
    if (!synthesis) return;
    const read = () => setBrowserVoices(synthesis.getVoices().map((voice) => voice.name));
    read();
    synthesis.addEventListener('voiceschanged', read);
    return () => synthesis.removeEventListener('voiceschanged', read);
  }, []);
  useEffect(() => () => stopSpeaking(PREVIEW_OWNER), []);

  const change = (patch: Partial<VoiceSettings>) => setDraft((current) => ({ ...current, ...patch }));
  const inputEngine = inputEngineOf(draft, flags.useOpenAIWhisper);
  const voices = openAIVoicesFor(draft.openAISpeechModel);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      const voice = voices.includes(draft.openAIVoice as (typeof voices)[number])
        ? draft.openAIVoice
        : 'alloy';
      await saveVoiceSettings(store, { ...draft, openAIVoice: voice, updatedAt: new Date().toISOString() });
      await updateSecrets((current) => ({
        ...current,
        [VOICE_SECRET_IDS.groq]: keys.groq.trim(),
        [VOICE_SECRET_IDS.custom]: keys.custom.trim(),
        [VOICE_SECRET_IDS.elevenlabs]: keys.elevenlabs.trim(),
      }));
      notify.success(t('voice.settings.saved'));
    } catch (error) {
      console.error('saving the voice settings failed', error);
      notify.error(t('voice.settings.saveFailed'));
    }
  };

  const preview = async () => {
    if (previewing) return stopSpeaking(PREVIEW_OWNER);
    // The preview speaks with what the form shows, saved first so the reading uses it.
    await save();
    await readAloud({
      owner: PREVIEW_OWNER,
      markdown: t('voice.settings.previewText'),
      store,
      vault: () => vaultState,
      fetch,
      t,
    });
  };

  const inputLabels: Record<VoiceInputEngine, string> = {
    browser: t('voice.settings.engines.browser'),
    openai: 'OpenAI',
    groq: 'Groq',
    custom: t('voice.settings.engines.custom'),
  };
  const outputLabels: Record<VoiceOutputEngine, string> = {
    browser: t('voice.settings.engines.browser'),
    openai: 'OpenAI',
    elevenlabs: 'ElevenLabs',
  };

  return (
    <form className="flex flex-col gap-6" onSubmit={(event) => void save(event)}>
      {flags.voiceInput && (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-semibold text-fg">{t('voice.settings.inputTitle')}</legend>
          <Select<VoiceInputEngine>
            label={t('voice.settings.inputEngine')}
            value={inputEngine}
            options={voiceInputEngines.map((value) => ({ value, label: inputLabels[value] }))}
            onValueChange={(value) => change({ inputEngine: value })}
            hint={
              inputEngine === 'browser'
                ? t('voice.settings.browserInputHint')
                : t('voice.settings.keyInputHint')
            }
          />
          {inputEngine === 'openai' && (
            <Select
              label={t('voice.settings.transcriptionModel')}
              value={draft.transcriptionModel}
              options={openAITranscriptionModels.map((value) => ({ value, label: value }))}
              onValueChange={(value) => change({ transcriptionModel: value })}
            />
          )}
          {inputEngine === 'groq' && (
            <TextField
              label={t('voice.settings.groqKey')}
              type="password"
              autoComplete="off"
              value={keys.groq}
              onChange={(event) => setKeys({ ...keys, groq: event.target.value })}
            />
          )}
          {inputEngine === 'custom' && (
            <>
              <TextField
                label={t('voice.settings.customEndpoint')}
                value={draft.customTranscriptionEndpoint}
                placeholder={t('voice.settings.customEndpointPlaceholder')}
                autoComplete="off"
                onChange={(event) => change({ customTranscriptionEndpoint: event.target.value })}
              />
              <TextField
                label={t('voice.settings.customModel')}
                value={draft.customTranscriptionModel}
                autoComplete="off"
                onChange={(event) => change({ customTranscriptionModel: event.target.value || 'whisper-1' })}
              />
              <TextField
                label={t('voice.settings.customKey')}
                type="password"
                autoComplete="off"
                value={keys.custom}
                onChange={(event) => setKeys({ ...keys, custom: event.target.value })}
              />
            </>
          )}
          {inputEngine !== 'browser' && (
            <TextAreaField
              label={t('voice.settings.whisperPrompt')}
              hint={t('voice.settings.whisperPromptHint')}
              rows={2}
              value={draft.whisperPrompt}
              onChange={(event) => change({ whisperPrompt: event.target.value })}
            />
          )}
          <TextField
            label={t('voice.settings.language')}
            hint={t('voice.settings.languageHint')}
            value={draft.language}
            placeholder={t('voice.settings.languagePlaceholder')}
            autoComplete="off"
            onChange={(event) => change({ language: event.target.value.trim() })}
          />
          <Switch
            label={t('voice.settings.autoSend')}
            hint={t('voice.settings.autoSendHint')}
            checked={draft.autoSend}
            onCheckedChange={(autoSend) => change({ autoSend })}
          />
        </fieldset>
      )}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold text-fg">{t('voice.settings.outputTitle')}</legend>
        <FeatureGate feature="textToSpeech">
          <Select<VoiceOutputEngine>
            label={t('voice.settings.outputEngine')}
            value={draft.outputEngine}
            options={voiceOutputEngines.map((value) => ({ value, label: outputLabels[value] }))}
            onValueChange={(value) => change({ outputEngine: value })}
          />
          {draft.outputEngine === 'browser' && (
            <>
              <Select
                label={t('voice.settings.browserVoice')}
                value={draft.browserVoiceName ?? ''}
                options={[
                  { value: '', label: t('voice.settings.defaultVoice') },
                  ...browserVoices.map((name) => ({ value: name, label: name })),
                ]}
                onValueChange={(value) => change({ browserVoiceName: value || null })}
              />
              <TextField
                label={t('voice.settings.rate')}
                type="number"
                min={0.5}
                max={2}
                step={0.1}
                value={String(draft.browserRate)}
                onChange={(event) => change({ browserRate: number(event.target.value, 1) || 1 })}
              />
              <TextField
                label={t('voice.settings.pitch')}
                type="number"
                min={0}
                max={2}
                step={0.1}
                value={String(draft.browserPitch)}
                onChange={(event) => change({ browserPitch: Math.max(0, number(event.target.value, 1)) })}
              />
            </>
          )}
          {draft.outputEngine === 'openai' && (
            <>
              <Select
                label={t('voice.settings.speechModel')}
                value={draft.openAISpeechModel}
                options={openAISpeechModels.map((value) => ({ value, label: value }))}
                onValueChange={(value) => change({ openAISpeechModel: value })}
              />
              <Select
                label={t('voice.settings.voice')}
                value={
                  voices.includes(draft.openAIVoice as (typeof voices)[number]) ? draft.openAIVoice : 'alloy'
                }
                options={voices.map((value) => ({ value, label: value }))}
                onValueChange={(value) => change({ openAIVoice: value })}
              />
              <TextField
                label={t('voice.settings.speed')}
                type="number"
                min={OPENAI_SPEED_RANGE.min}
                max={OPENAI_SPEED_RANGE.max}
                step={0.05}
                value={String(draft.openAISpeed)}
                onChange={(event) => change({ openAISpeed: number(event.target.value, 1) || 1 })}
              />
              {draft.openAISpeechModel.startsWith('gpt-') && (
                <TextAreaField
                  label={t('voice.settings.instructions')}
                  hint={t('voice.settings.instructionsHint')}
                  rows={2}
                  value={draft.openAISpeechInstructions}
                  onChange={(event) => change({ openAISpeechInstructions: event.target.value })}
                />
              )}
            </>
          )}
          {draft.outputEngine === 'elevenlabs' && (
            <>
              <TextField
                label={t('voice.settings.elevenLabsKey')}
                type="password"
                autoComplete="off"
                value={keys.elevenlabs}
                onChange={(event) => setKeys({ ...keys, elevenlabs: event.target.value })}
              />
              <TextField
                label={t('voice.settings.elevenLabsVoice')}
                value={draft.elevenLabsVoiceID}
                autoComplete="off"
                onChange={(event) => change({ elevenLabsVoiceID: event.target.value.trim() })}
              />
              <Select
                label={t('voice.settings.elevenLabsModel')}
                value={draft.elevenLabsModel}
                options={[...new Set([draft.elevenLabsModel, ...elevenLabsModels])].map((value) => ({
                  value,
                  label: value,
                }))}
                onValueChange={(value) => change({ elevenLabsModel: value })}
              />
              <ShareField
                label={t('voice.settings.stability')}
                value={draft.elevenLabsStability}
                onChange={(elevenLabsStability) => change({ elevenLabsStability })}
              />
              <ShareField
                label={t('voice.settings.clarity')}
                value={draft.elevenLabsClarity}
                onChange={(elevenLabsClarity) => change({ elevenLabsClarity })}
              />
            </>
          )}
          <Switch
            label={t('voice.settings.autoRead')}
            hint={t('voice.settings.autoReadHint')}
            checked={draft.autoSpeech}
            onCheckedChange={(autoSpeech) => change({ autoSpeech })}
          />
          <div className="flex gap-2">
            <Button type="button" variant="secondary" onClick={() => void preview()}>
              {previewing ? t('speech.stop') : t('voice.settings.preview')}
            </Button>
          </div>
        </FeatureGate>
      </fieldset>
      <p className="text-[13px] text-fg-subtle" aria-live="polite">
        {t('voice.settings.status.line', {
          transcription: statusText(status.transcription),
          speech: statusText(status.speech),
        })}
      </p>
      <div>
        <Button type="submit">{t('voice.settings.save')}</Button>
      </div>
    </form>
  );
}
