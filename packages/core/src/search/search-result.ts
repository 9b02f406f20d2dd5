/** Offsets in UTF-16 code units (JS string indices) into the string they belong to; end exclusive. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** One line of a message around the match (SE8). */
export interface SearchPreview {
  readonly text: string;
  /** The match inside `text`; null in the rare case the match could not be placed (SE8). */
  readonly highlight: TextRange | null;
  /** Text was cut before / after the preview (the UI may show an ellipsis). */
  readonly clippedStart: boolean;
  readonly clippedEnd: boolean;
}

export interface ChatSearchResult {
  readonly chatId: string;
  /** The chat's title as stored. */
  readonly title: string;
  /** Title hits rank above message hits (SE11). */
  readonly matchedIn: 'title' | 'message';
  /** The match in `title`, when the title matched. */
  readonly titleHighlight: TextRange | null;
  /**
   * The first message (in chat order) whose text matches, one the chat shows before one on another
   * version (SE3c); null when only the title matched.
   */
  readonly messageId: string | null;
  /** That message is on a version the chat does not show (opening it switches there, BR8). */
  readonly otherVersion: boolean;
  /** Around the match in that message; null when no message matched. */
  readonly preview: SearchPreview | null;
  /** Archived chats are found, and flagged (SE13). */
  readonly archived: boolean;
  readonly updatedAt: string;
}

export interface ChatSearchOptions {
  /** Most results returned; default 50 (spec section 9). */
  readonly limit?: number;
}

export interface ChatSearchResponse {
  /** The query as normalised for matching ('' for an empty query). */
  readonly normalizedQuery: string;
  readonly results: readonly ChatSearchResult[];
  /** More chats match than `limit`. */
  readonly hasMore: boolean;
}

/** Spec section 9: chat search limit 50. */
export const DEFAULT_SEARCH_LIMIT = 50;
