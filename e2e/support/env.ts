import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the real Parley server (serving the built web app) listens during e2e runs (E2E_APP_PORT to move it). */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 8788);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;

/** The provider simulator (fake OpenAI / Anthropic / Gemini / OpenRouter endpoints; E2E_SIM_PORT to move it). */
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 8790);
export const SIM_URL = `http://127.0.0.1:${SIM_PORT}`;

/** The test MCP servers (e2e/support/mcp-test-server.ts; E2E_MCP_PORT to move them). */
export const MCP_PORT = Number(process.env.E2E_MCP_PORT ?? 8792);
export const MCP_URL = `http://127.0.0.1:${MCP_PORT}`;

/**
 * The test OpenID Connect provider (e2e/support/oidc-test-server.ts; E2E_OIDC_PORT to move it). A
 * run that moves the app (E2E_APP_PORT) moves it too, six ports up, so two runs never share it.
 */
export const OIDC_PORT = Number(
  process.env.E2E_OIDC_PORT ?? (process.env.E2E_APP_PORT ? APP_PORT + 6 : 8794),
);
export const OIDC_URL = `http://127.0.0.1:${OIDC_PORT}`;

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const ARTIFACTS_DIR = path.join(E2E_DIR, '.artifacts');
/** Screenshots worth keeping (Playwright empties test-results/ on every run). */
export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');
