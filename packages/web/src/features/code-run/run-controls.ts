import { lazyPart } from '../../state';

// The Run button and its output load after the markdown view, with their strings (not on the first screen).
export const LazyRunButton = lazyPart(() => import('./RunCodeControls'), {
  strings: 'codeRun',
  pick: (module) => module.RunButton,
});
export const LazyRunOutput = lazyPart(() => import('./RunCodeControls'), {
  strings: 'codeRun',
  pick: (module) => module.RunOutput,
});
