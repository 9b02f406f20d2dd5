// Memory: the Settings section (switch and entries, a lazy chunk) and the "Remember this?" proposal
// under an answer.
export { MemorySectionLoader } from './MemorySectionLoader';
export { RememberProposal } from './RememberProposal';
