import { SmallIcon, type IconProps } from './icon';

/** Icons of the sidebar's chat list, folders and toolbar (always loaded). */

const FOLDER =
  'M3 7.5A2.5 2.5 0 0 1 5.5 5H9l2 2.5h7.5A2.5 2.5 0 0 1 21 10v6.5a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 16.5z';

export function FolderIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d={FOLDER} />
    </SmallIcon>
  );
}

export function FolderPlusIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d={FOLDER} />
      <path d="M12 11v5M9.5 13.5h5" />
    </SmallIcon>
  );
}

/** A project: a folder holding a document (its instructions and files go with every chat). */
export function ProjectIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5h11A2.5 2.5 0 0 1 20 7.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 16.5z" />
      <path d="M4 9.5h16M8 13h5M8 16h8" />
    </SmallIcon>
  );
}

export function ProjectPlusIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5h11A2.5 2.5 0 0 1 20 7.5V12M4 9.5h16M12 19H6.5A2.5 2.5 0 0 1 4 16.5v-7" />
      <path d="M18 15v5M15.5 17.5h5" />
    </SmallIcon>
  );
}

/** The sidebar rows' menu button; its dots sit closer together than the chat bar's MoreIcon. */
export function SidebarMoreIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <circle cx="6" cy="12" r="1" fill="currentColor" />
      <circle cx="12" cy="12" r="1" fill="currentColor" />
      <circle cx="18" cy="12" r="1" fill="currentColor" />
    </SmallIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="m9 6 6 6-6 6" />
    </SmallIcon>
  );
}

/** A pinned chat in the list (the message list draws its own PinIcon). */
export function SidebarPinIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M9 4h6l-1 5 3 3v2H7v-2l3-3zM12 14v6" />
    </SmallIcon>
  );
}

export function TagIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M3 12V4.5A1.5 1.5 0 0 1 4.5 3H12l9 9-9 9z" />
      <circle cx="7.5" cy="7.5" r="1.25" />
    </SmallIcon>
  );
}

export function CheckSquareIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="m8 12 3 3 5-6" />
    </SmallIcon>
  );
}

/*
 * Provider marks for the chat list's avatars: simple shapes of our own (not the companies' logos),
 * each drawn white on its provider's colour so GPT and Gemini no longer share a "G".
 */

/** OpenAI: a six-fold knot. */
export function OpenAIMarkIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M12 4.5 18.5 8.25v7.5L12 19.5l-6.5-3.75v-7.5z" />
      <path d="M12 4.5v7.5m0 0 6.5 3.75M12 12l-6.5 3.75" />
    </SmallIcon>
  );
}

/** Anthropic: a peaked letter A. */
export function AnthropicMarkIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M6 19 11 5h2l5 14M8.2 13.5h7.6" />
    </SmallIcon>
  );
}

/** Gemini: a four-pointed spark. */
export function GeminiMarkIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M12 3.5c.6 4.6 3.9 7.9 8.5 8.5-4.6.6-7.9 3.9-8.5 8.5-.6-4.6-3.9-7.9-8.5-8.5 4.6-.6 7.9-3.9 8.5-8.5z" />
    </SmallIcon>
  );
}

/** OpenRouter: routes that fork from one point. */
export function OpenRouterMarkIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M4 12h5.5c2 0 3-1 4.5-3.5L15 7h4M9.5 12c2 0 3 1 4.5 3.5l1 1.5h4" />
      <path d="m17 5 2 2-2 2M17 15l2 2-2 2" />
    </SmallIcon>
  );
}
