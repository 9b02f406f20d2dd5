// Documents and images added to a message (DO*): accepted types, reading limits, the cut marker,
// attachment references in stored parts and the providers' image limits.
export { ACCEPTED_EXTENSIONS, ACCEPT_ATTRIBUTE, DOCUMENT_LIMITS, documentKindOf } from './accepted-types';
export type { AcceptedExtension, DocumentKind } from './accepted-types';
export { CUT_MARKER, cutToChars, cutToTokens } from './fit-text';
export {
  ATTACHMENT_URL_PREFIX,
  IMAGE_NOT_SENT_TEXT,
  MISSING_IMAGE_TEXT,
  attachmentIdOfUrl,
  attachmentIdsOf,
  attachmentUrl,
  resolveAttachmentImages,
} from './attachment-ref';
export type { LoadedAttachment } from './attachment-ref';
export { PORTABLE_IMAGE_TYPES, fitImageSize, imageLimitsFor } from './vision-limits';
export type { ImageLimits } from './vision-limits';
export { canSeeImages, suggestVisionModel } from './vision-model';
export { purgeUnusedAttachments, UNSENT_ATTACHMENT_GRACE_MS } from './attachment-gc';
