import { SmallIcon, type IconProps } from './icon';

/**
 * Icons drawn inside the message list, its code blocks, attachments and read-aloud button, and the
 * microphone's. Only lazily loaded parts import this module, so these stay out of the first-load chunk.
 */

export function CopyIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </SmallIcon>
  );
}

/** "Copied" on a code block. */
export function CheckIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </SmallIcon>
  );
}

export function EditIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </SmallIcon>
  );
}

export function PinIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M12 17v5M9 3h6l-1 6 4 4H6l4-4-1-6Z" />
    </SmallIcon>
  );
}

/** Deletes a message (the settings screens draw their own trash cans). */
export function ChatTrashIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </SmallIcon>
  );
}

export function CodeIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="m8 8-4 4 4 4M16 8l4 4-4 4" />
    </SmallIcon>
  );
}

export function ForkIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <circle cx="6" cy="5" r="2" />
      <circle cx="18" cy="5" r="2" />
      <circle cx="12" cy="19" r="2" />
      <path d="M6 7v2a3 3 0 0 0 3 3h6a3 3 0 0 0 3-3V7M12 12v5" />
    </SmallIcon>
  );
}

export function ArrowDownIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M12 5v14M5 12l7 7 7-7" />
    </SmallIcon>
  );
}

export function SpeakerIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M11 5 6 9H3v6h3l5 4V5z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
    </SmallIcon>
  );
}

/** Stops reading a message aloud: a filled square, larger than the composer's StopIcon. */
export function SpeechStopIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" stroke="none" />
    </SmallIcon>
  );
}

/** Pauses an answer being read aloud. */
export function PauseIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <rect x="7" y="5.5" width="3.5" height="13" rx="1" fill="currentColor" stroke="none" />
      <rect x="13.5" y="5.5" width="3.5" height="13" rx="1" fill="currentColor" stroke="none" />
    </SmallIcon>
  );
}

/** An image in an answer that waits for a click before it is fetched. */
export function ImageIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </SmallIcon>
  );
}

/** The version switcher's "previous version" (BR8). */
export function VersionPreviousIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="m15 18-6-6 6-6" />
    </SmallIcon>
  );
}

/** The version switcher's "next version" (BR8). */
export function VersionNextIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="m9 18 6-6-6-6" />
    </SmallIcon>
  );
}

/** An attached document. */
export function FileTextIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M14 3H7a2 2 0 00-2 2v14a2 2 0 002 2h10a2 2 0 002-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </SmallIcon>
  );
}

/** A picture that is not on this device (a frame crossed out). */
export function ImageOffIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M21 15V5a2 2 0 00-2-2H9M3 7v12a2 2 0 002 2h12" />
      <path d="M3 16l5-5 3 3M3 3l18 18" />
    </SmallIcon>
  );
}

/** Removes an attachment from the message box. */
export function SmallCloseIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <path d="M7 7l10 10M17 7L7 17" />
    </SmallIcon>
  );
}

/** Voice input in the composer. */
export function MicIcon(props: IconProps) {
  return (
    <SmallIcon {...props}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </SmallIcon>
  );
}
