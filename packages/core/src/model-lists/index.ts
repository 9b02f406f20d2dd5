/**
 * `@parley/core/model-lists`: providers' live model lists (request builders, validated parsers,
 * pagination), the chat filter, and the metadata precedence that fills context and prices
 * (SPEC.md: ML, MD). Its own entry point so the first screen never loads it.
 */
export { ModelListEntrySchema, listedProviders } from './model-list-entry';
export type { ModelListEntry, ListedProvider } from './model-list-entry';
export { modelListErrorCodes, modelListError, errorForStatus } from './model-list-error';
export type { ModelListError, ModelListErrorCode } from './model-list-error';
export { modelListRequest, compatibleBaseFromEndpoint } from './model-list-request';
export type { ModelListSource, ModelListRequest } from './model-list-request';
export {
  compatiblePageParser,
  anthropicPageParser,
  geminiPageParser,
  openRouterPageParser,
  pageParserFor,
} from './model-list-parsers';
export type { ParsedPage, PageParser } from './model-list-parsers';
export { looksChatCapable } from './chat-capable';
export { fetchModelList, MAX_LIST_ENTRIES, MAX_BODY_BYTES, MODEL_LIST_TIMEOUT_MS } from './fetch-model-list';
export type { ModelListResult, FetchModelListOptions } from './fetch-model-list';
export {
  modelKey,
  indexOpenRouter,
  resolveMetadata,
  findCatalogueMatch,
  descriptorForEntry,
} from './model-metadata';
export type { OpenRouterIndex, ResolvedMetadata } from './model-metadata';
export { buildModelDirectory } from './model-directory';
export type { ModelDirectoryInput, DirectoryModel } from './model-directory';
