import { config } from 'zod/v4/core';
import * as z from 'zod/v4/mini';

/**
 * What `zod/mini` resolves to in the web build (an alias in vite.config.ts), for the same reason as
 * src/zod-jitless.ts: no eval probe under the CSP (decision 0021). The first screen's schemas (core's
 * entities, the key vault) are written with zod/mini, so full zod loads only with a screen that
 * needs it (decision 0097).
 */
config({ jitless: true });

export * from 'zod/v4/mini';
export { z };
