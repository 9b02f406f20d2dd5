import { lazy } from 'react';
import { retryingImport, withStrings } from '../../state';

// The Run button and its output load after the markdown view, with their strings (not on the first screen).
const controls = () => withStrings('codeRun', () => retryingImport(() => import('./RunCodeControls')));

export const LazyRunButton = lazy(() => controls().then((module) => ({ default: module.RunButton })));
export const LazyRunOutput = lazy(() => controls().then((module) => ({ default: module.RunOutput })));
