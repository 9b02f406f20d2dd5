import { useEffect } from 'react';
import { prefetchAfterFirstScreen, lazyPart } from '../../state';
import { useProjectUi } from './project-ui-store';

// The page and the dialogs, with their strings, are not part of the first screen: fetched once it
// has painted, so they open at once later, also offline.
const ProjectScreens = lazyPart(() => import('./ProjectScreens'), { strings: 'projects' });

/** Mounts the project page or dialog the sidebar asked for. */
export function ProjectsHost() {
  const open = useProjectUi((state) => state.view !== null);
  useEffect(() => prefetchAfterFirstScreen(ProjectScreens.preload), []);
  if (!open) return null;
  return <ProjectScreens onLoadFailed={() => useProjectUi.getState().close()} />;
}
