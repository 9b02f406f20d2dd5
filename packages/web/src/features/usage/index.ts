// Usage: Settings → Usage (tokens and cost per model and day), a lazy chunk.
export { UsageSectionLoader } from './UsageSectionLoader';
