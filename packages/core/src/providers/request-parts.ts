/** A request before the custom-model overrides are applied and the body is serialised. */
export interface RequestParts {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}
