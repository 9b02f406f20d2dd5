// The help texts as written in the repository, bundled into the Help screen's chunk at build time.
import changelog from '../../../../../CHANGELOG.md?raw';
import faq from '../../../../../docs/FAQ.md?raw';
import readme from '../../../../../README.md?raw';
import { cutUnderHeading, splitSections, type HelpSection } from './help-text';

/** README's "Using Parley", one section per "###" heading. */
export const guideSections: readonly HelpSection[] = splitSections(cutUnderHeading(readme, 'Using Parley'));

/** docs/FAQ.md, one section per question. */
export const faqSections: readonly HelpSection[] = splitSections(faq);

/** CHANGELOG.md without its title. */
export const changelogText: string = changelog.replace(/^# .*\n/, '').trim();
