import type { ModelDescriptor } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { modelFactsText, type ModelFactsText } from './model-facts';

/** Context length and price of a model, as its metadata says (MD1); no price reads "Price unknown". */
export function ModelFacts({ id, model }: { id: string; model: ModelDescriptor }) {
  const { t, i18n } = useTranslation();
  return <ModelFactsLine id={id} facts={modelFactsText(model, t, i18n.language)} />;
}

/** The facts already worded (the picker words them once per model, see modelFactsText). */
export function ModelFactsLine({ id, facts }: { id: string; facts: ModelFactsText }) {
  return (
    <span id={id} className="flex flex-wrap gap-x-2 text-xs text-fg-subtle">
      <span>{facts.context}</span>
      <span aria-hidden="true">·</span>
      <span>{facts.price}</span>
    </span>
  );
}
