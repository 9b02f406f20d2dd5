import { Command } from 'cmdk';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordList } from '../../state';
import { choosePrompt } from './choose-prompt';
import { COMMUNITY_PROMPTS } from './community-prompts';
import { rankPrompts } from './prompt-search';
import { useCommunityPromptsEnabled, usePromptLibraryEnabled } from './prompt-library-flag';

const MAX_SHOWN = 6;

/**
 * The command palette's "Prompts" group: choosing one puts it into the message box. Memoised: the
 * palette renders again as chat results and the selection change, the query not.
 */
export const PalettePromptItems = memo(function PalettePromptItems({
  query,
  onDone,
}: {
  query: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const prompts = useRecordList('prompts');
  const communityPrompts = useCommunityPromptsEnabled();
  const enabled = usePromptLibraryEnabled();
  if (query.trim() === '' || !enabled) return null;
  const all = [...(prompts ?? []), ...(communityPrompts ? COMMUNITY_PROMPTS : [])];
  const shown = rankPrompts(all, query).slice(0, MAX_SHOWN);
  if (shown.length === 0) return null;
  return (
    <Command.Group heading={t('prompts.palette.group')}>
      {shown.map((prompt) => (
        <Command.Item
          key={prompt.id}
          value={`prompt-${prompt.id}`}
          onSelect={() => {
            onDone();
            choosePrompt(prompt);
          }}
          className="flex h-9 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-fg aria-selected:bg-hover"
        >
          <span className="truncate">{prompt.title}</span>
        </Command.Item>
      ))}
    </Command.Group>
  );
});
