import { config } from 'zod/v4/core';
import { z } from 'zod/v4';

/**
 * What `zod` resolves to in the web build (an alias in vite.config.ts). The page's CSP forbids
 * eval (decision 0021); zod probes for it (`new Function`) when the first object schema is
 * built, at import time, and the probe alone is a violation report. Configured here, before any
 * module that imports `zod` runs, it never probes and parses without compiled fast paths.
 */
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
