import { z } from 'zod';

// The page's CSP forbids eval (decision 0021): zod must not even probe for its compiled parsers,
// since the probe alone is a violation report. main.tsx imports this module first, so it runs
// before any module that parses at import time.
z.config({ jitless: true });
