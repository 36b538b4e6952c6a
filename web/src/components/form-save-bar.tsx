import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';

/**
 * The end of an edit form that saves as a whole: "Unsaved changes" while dirty, Discard (back to
 * the stored values) and Save. Discard is off while saving so a reset cannot race the request.
 */
export function FormSaveBar({ dirty, submitting, onDiscard }: { dirty: boolean; submitting: boolean; onDiscard: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
      {dirty ? (
        <span className="text-sm text-muted-foreground sm:mr-auto" role="status">
          {t('ui.unsavedChanges')}
        </span>
      ) : null}
      <Button type="button" variant="outline" disabled={!dirty || submitting} onClick={onDiscard}>
        {t('ui.discard')}
      </Button>
      <Button type="submit" disabled={!dirty} loading={submitting}>
        {t('ui.saveChanges')}
      </Button>
    </div>
  );
}
