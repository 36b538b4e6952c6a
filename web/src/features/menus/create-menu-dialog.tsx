import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { zMenuForm, type MenuForm } from '../../../../shared/schemas/forms.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { planLimitMessage } from '../../lib/action-errors.ts';
import { PlanLimitNotice } from '../../components/plan-limit-notice.tsx';
import { toMenu, type Menu } from './types.ts';

/** Asks for a name and creates a draft menu in the organization. */
export function CreateMenuDialog({
  open,
  onOpenChange,
  organizationId,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  onCreated: (menu: Menu) => void;
}) {
  const { t } = useTranslation('menus');
  const [limit, setLimit] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MenuForm>({
    resolver: zodResolver(zMenuForm),
    defaultValues: { name: '' },
  });
  useEffect(() => {
    if (open) {
      reset({ name: '' });
      setLimit(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setLimit(null);
    try {
      const created = await pb.collection('menus').create({ organization: organizationId, name: values.name, status: 'draft' });
      onCreated(toMenu(created));
    } catch (err) {
      const message = planLimitMessage(err);
      if (message) setLimit(message);
      else handleApiError(err, setError, ['name']);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isSubmitting) onOpenChange(next);
      }}
      title={t('create.title')}
      description={t('create.description')}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label={t('create.name')} error={errors.name?.message}>
          <Input {...register('name')} placeholder={t('create.placeholder')} autoComplete="off" autoFocus />
        </FormField>
        {limit ? <PlanLimitNotice message={limit} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
