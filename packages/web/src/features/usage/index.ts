export { UsageSectionLoader } from './UsageSectionLoader';
