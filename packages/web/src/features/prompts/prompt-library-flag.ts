import { useFeatureAccess, useFeatureFlags } from '../license';

/** Whether the prompt library is offered (the host's promptLibrary flag, parley.config.json). */
export function usePromptLibraryEnabled(): boolean {
  return useFeatureFlags((state) => state.flags.promptLibrary);
}

/**
 * Whether the shipped community prompts are offered: the communityPrompts flag, and with
 * systemPromptsForOnlyMembers only to a licensed member (LI6; the library's own prompts stay).
 */
export function useCommunityPromptsEnabled(): boolean {
  const flags = useFeatureFlags((state) => state.flags);
  const member = useFeatureAccess('systemPrompts').allowed;
  return flags.communityPrompts && (!flags.systemPromptsForOnlyMembers || member);
}
