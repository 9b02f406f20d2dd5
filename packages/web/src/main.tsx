import './styles/index.css';
import { z } from 'zod';
import { start } from './app/start';

// The page's CSP forbids eval (decision 0021): zod must not even probe for its compiled parsers,
// since the probe alone is a violation report. Set before anything parses.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
start(container);
