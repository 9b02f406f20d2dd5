// Memory: the Settings section (switch and entries, a lazy chunk) and the "Remember this?" proposal
// under an answer; the context source that offers the entries to each answer.
export { MemorySectionLoader } from './MemorySectionLoader';
export { RememberProposal } from './RememberProposal';
export { memoryContextSource } from './memory-context';
