import { notify } from './notify';

/**
 * A success toast with an Undo button, kept for the undo duration (decision 0015). Undo dismisses
 * the toast and runs `onUndo` once.
 */
export function notifyUndoable(
  message: string,
  { undoLabel, onUndo }: { undoLabel: string; onUndo: () => void },
) {
  return notify.undoable((shown) => (
    <span className="flex items-center gap-3">
      <span>{message}</span>
      <button
        type="button"
        className="rounded-md px-2 py-0.5 text-[13px] font-semibold text-accent hover:bg-hover"
        onClick={() => {
          notify.dismiss(shown.id);
          onUndo();
        }}
      >
        {undoLabel}
      </button>
    </span>
  ));
}
