import { SmallIcon, type IconProps } from './icon';

/** Icons of the chat screen that is always loaded: composer, chat actions bar, notices. */

export function SendIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </SmallIcon>
  );
}

/** Stops a streaming answer. */
export function StopIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <rect x="6.5" y="6.5" width="11" height="11" rx="2" fill="currentColor" stroke="none" />
    </SmallIcon>
  );
}

export function NewChatIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.2A8 8 0 1 1 20 12Z" />
      <path d="M12 8.5v7M8.5 12h7" />
    </SmallIcon>
  );
}

export function RegenerateIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M20 12a8 8 0 1 1-2.34-5.66L20 8.5" />
      <path d="M20 4v4.5h-4.5" />
    </SmallIcon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M12 15V3M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
    </SmallIcon>
  );
}

export function ResetIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5" />
    </SmallIcon>
  );
}

export function EraserIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="m7 21-4-4 11-11 7 7-8 8H7ZM21 21h-9M9 9l7 7" />
    </SmallIcon>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <circle cx="5" cy="12" r="1" fill="currentColor" />
      <circle cx="12" cy="12" r="1" fill="currentColor" />
      <circle cx="19" cy="12" r="1" fill="currentColor" />
    </SmallIcon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v5M12 16.5v.01" />
    </SmallIcon>
  );
}

/** The chat's "add an API key" notice (smaller bow than the vault's KeyIcon). */
export function ChatKeyIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
    </SmallIcon>
  );
}

/** Attaches files to the message. */
export function PaperclipIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M20.5 11.5l-8.1 8.1a5 5 0 01-7.1-7.1l8.5-8.5a3.3 3.3 0 014.7 4.7l-8.5 8.5a1.7 1.7 0 01-2.4-2.4l7.8-7.8" />
    </SmallIcon>
  );
}

/** The composer's web search button (a globe). */
export function GlobeIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.4 2.3 3.5 5.2 3.5 8.5s-1.1 6.2-3.5 8.5c-2.4-2.3-3.5-5.2-3.5-8.5s1.1-6.2 3.5-8.5Z" />
    </SmallIcon>
  );
}
