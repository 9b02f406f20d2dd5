import { FillPromptDialog } from './FillPromptDialog';
import { PromptLibraryDialog } from './PromptLibraryDialog';
import { usePromptUi } from './prompt-ui-store';

/** The prompt library's own chunk: the library and the fill-in dialog. */
export default function PromptDialogs() {
  const libraryOpen = usePromptUi((state) => state.libraryOpen);
  const filling = usePromptUi((state) => state.filling);
  return (
    <>
      {libraryOpen && <PromptLibraryDialog />}
      {filling && <FillPromptDialog key={filling.content} prompt={filling} />}
    </>
  );
}
