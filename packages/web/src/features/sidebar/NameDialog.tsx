import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

/** Asks for a name (new folder, rename folder or chat); Enter saves, a blank name is not saved. */
export function NameDialog({
  title,
  initial,
  onClose,
  onSave,
}: {
  title: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => unknown;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const blank = name.trim() === '';
  return (
    <Dialog open onClose={onClose} size="sm" title={title}>
      <form
        className="flex flex-col gap-4 p-5 pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (blank) return;
          onClose();
          void onSave(name.trim());
        }}
      >
        <TextField
          label={t('organise.nameDialog.name')}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('organise.nameDialog.cancel')}
          </Button>
          <Button type="submit" disabled={blank}>
            {t('organise.nameDialog.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
