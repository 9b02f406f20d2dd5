import { buildHelpRequest, readHelpAnswer, type HelpTextSection } from '@parley/core/chat';
import { findModel, type ModelDescriptor } from '@parley/core/models';
import { collectChat, streamChat } from '@parley/core/providers';
import type { FeatureFlags } from '@parley/core/license';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyVault, useModelLists, useSyncedSettings, providerAccessIn } from '../../state';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/TextAreaField';
import { useActiveChat, useChatRuntime } from '../chat';
import { useFeatureFlags } from '../license';
import { MarkdownView } from '../markdown';
import { faqSections, guideSections } from './help-content';
import { useHelpDialog } from './help-dialog-store';
import { sectionsShown } from './help-flags';

/**
 * Every guide section and FAQ answer of a feature this copy has (the host's flags), with ids that
 * are also their links ("guide-voice").
 */
function helpText(flags: FeatureFlags): HelpTextSection[] {
  return [
    ...sectionsShown(guideSections, flags).map((section) => ({ ...section, id: `guide-${section.id}` })),
    ...sectionsShown(faqSections, flags).map((section) => ({ ...section, id: `faq-${section.id}` })),
  ];
}

/** A question that gets no answer in this time fails rather than waiting for ever. */
const ASK_TIMEOUT_MS = 60_000;

type AskState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'answer'; text: string; sections: HelpTextSection[] }
  | { kind: 'problem'; message: string };

/** The model the message box would send to now: the open chat's, or the default one. */
function useChosenModel(): ModelDescriptor | undefined {
  const chatModel = useActiveChat((state) => (state.activeChatId !== null ? state.chat?.model : undefined));
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const defaultModel = useSyncedSettings((state) => state.values.defaultModel);
  const id = chatModel ?? defaultModel;
  const listed = useModelLists((state) => state.known.get(id));
  return findModel(id, customModels) ?? listed;
}

/**
 * "Ask about Parley": the question goes to the chosen model with the user guide and the FAQ as its
 * system message (core's buildHelpRequest keeps what fits the model's context), and the answer shows
 * with links to the sections it names.
 */
export function HelpAsk() {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const model = useChosenModel();
  const vault = useKeyVault((state) => state);
  const [question, setQuestion] = useState('');
  const [state, setState] = useState<AskState>({ kind: 'idle' });
  const asked = useRef(0);
  const flags = useFeatureFlags((store) => store.flags);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || !model) return;
    let access: { apiKey: string; endpoint?: string } | undefined;
    if (model.provider === 'custom') access = { apiKey: '' };
    else {
      const stored = providerAccessIn(vault, model.provider);
      if (model.skipAPIKey) access = { apiKey: '', endpoint: stored.endpoint };
      else if (stored.apiKey) access = { apiKey: stored.apiKey, endpoint: stored.endpoint };
    }
    if (!access) {
      setState({ kind: 'problem', message: t('help.ask.noKey', { model: model.title }) });
      return;
    }
    const helpSections = helpText(flags);
    const built = buildHelpRequest(text, helpSections, model, access);
    if (!built) {
      setState({ kind: 'problem', message: t('help.ask.tooSmall', { model: model.title }) });
      return;
    }
    const call = ++asked.current;
    setState({ kind: 'asking' });
    const result = await collectChat(
      streamChat(built.request, { fetch: runtime.services.fetch, timeoutMs: ASK_TIMEOUT_MS }),
    ).catch((error: unknown) => ({
      error: error instanceof Error ? error : new Error(String(error)),
      text: '',
    }));
    if (call !== asked.current) return;
    if (result.error) {
      setState({ kind: 'problem', message: t('help.ask.failed', { message: result.error.message }) });
      return;
    }
    const read = readHelpAnswer(result.text, built.used);
    setState({
      kind: 'answer',
      text: read.answer,
      sections: read.sectionIds.flatMap((id) => helpSections.filter((section) => section.id === id)),
    });
  };

  return (
    <details className="mx-5 mb-3 rounded-lg border border-line px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium text-fg">{t('help.ask.title')}</summary>
      <form onSubmit={(event) => void ask(event)} className="mt-2 flex flex-col gap-2">
        <TextAreaField
          rows={2}
          label={t('help.ask.label')}
          hint={model ? t('help.ask.hint', { model: model.title }) : t('help.ask.noModel')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          maxLength={2000}
        />
        <Button
          type="submit"
          variant="primary"
          size="sm"
          className="self-start"
          disabled={!model || question.trim() === '' || state.kind === 'asking'}
        >
          {state.kind === 'asking' ? t('help.ask.asking') : t('help.ask.send')}
        </Button>
        <div aria-live="polite" className="text-sm">
          {state.kind === 'problem' && <p className="text-danger">{state.message}</p>}
          {state.kind === 'answer' && (
            <div className="flex flex-col gap-2">
              <MarkdownView text={state.text} />
              {state.sections.length > 0 && (
                <p className="text-fg-subtle">
                  {t('help.ask.sources')}{' '}
                  {state.sections.map((section, index) => (
                    <span key={section.id}>
                      {index > 0 && ', '}
                      <a
                        href={`#help-${section.id}`}
                        onClick={(clicked) => {
                          clicked.preventDefault();
                          useHelpDialog.getState().openLink(`#help-${section.id}`);
                        }}
                        className="text-accent hover:underline"
                      >
                        {section.title}
                      </a>
                    </span>
                  ))}
                </p>
              )}
            </div>
          )}
        </div>
      </form>
    </details>
  );
}
