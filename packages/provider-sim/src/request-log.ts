/** One request as the simulator received it, for tests to assert on what a client actually sent. */
export interface LoggedRequest {
  method: string;
  /** Path with query string, e.g. `/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse`. */
  path: string;
  /** Lower-cased header names; nothing is redacted (it is a test tool, and it never prints them). */
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, else the text, or null when empty. */
  body: unknown;
  /** ISO timestamp of arrival. */
  at: string;
  /** Set when the client went away before the answer ended (a Stop, a cancelled relay). */
  disconnectedAt?: string;
}

const MAX_ENTRIES = 1000;

/** Keeps the most recent requests, oldest dropped first. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
