import type { ThemedToken } from 'shiki/core';

/** Messages between the page and the highlighting worker. */
export type HighlightRequest = { id: number; code: string; language: string };
export type HighlightResponse = { id: number; tokens: ThemedToken[][] | undefined; error?: string };
