import path from 'node:path';
import { z } from 'zod';

const portSchema = z.coerce.number().int().min(0).max(65535);

/** Environment variables the server reads; validated once at start. */
export const configSchema = z.object({
  PORT: portSchema.default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['silent', 'info', 'debug']).default('info'),
});

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  webDist: string | undefined;
  databaseUrl: string | undefined;
  logLevel: 'silent' | 'info' | 'debug';
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>, cwd: string): ServerConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  const value = result.data;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(cwd, value.DATA_DIR),
    webDist: value.WEB_DIST ? path.resolve(cwd, value.WEB_DIST) : undefined,
    databaseUrl: value.DATABASE_URL,
    logLevel: value.LOG_LEVEL,
  };
}
