import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Label } from '../../components/ui/input.tsx';

export type Values = Record<string, unknown>;
/** The server's field errors of one section: `{ field: { message } }` (rate limit rules nest one level deeper). */
export type SectionErrors = Record<string, { message?: string } | Record<string, Record<string, { message?: string }>>>;

/** A card that saves one settings section with PATCH /api/settings and shows the section's field errors. */
export function SettingsSection({
  section,
  title,
  description,
  initial,
  onSaved,
  children,
  extra,
}: {
  section: string;
  title: string;
  description?: string;
  initial: Values;
  onSaved: () => void;
  children: (v: Values, set: (key: string, value: unknown) => void, errors: SectionErrors) => ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('console');
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<SectionErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (key: string, value: unknown) => setValues((v) => ({ ...v, [key]: value }));
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await pb.settings.update({ [section]: values });
      toast.success(t('settings.saved', { title }));
      onSaved();
    } catch (err) {
      const data = (err as { response?: { data?: Record<string, SectionErrors> } }).response?.data?.[section];
      if (data && typeof data === 'object') setErrors(data);
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="grid gap-4"
          aria-label={title}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {children(values, set, errors)}
          <div className="flex justify-end">
            <Button type="submit" loading={saving}>
              {t('common:ui.save')}
            </Button>
          </div>
        </form>
        {extra}
      </CardContent>
    </Card>
  );
}

const messageOf = (errors: SectionErrors, key: string) => (errors[key] as { message?: string } | undefined)?.message;

export function TextSetting({
  label,
  name,
  values,
  set,
  errors,
  type = 'text',
  hint,
}: {
  label: string;
  name: string;
  values: Values;
  set: (key: string, value: unknown) => void;
  errors: SectionErrors;
  type?: 'text' | 'number' | 'email' | 'url' | 'password';
  hint?: string;
}) {
  return (
    <FormField label={label} error={messageOf(errors, name)} hint={hint}>
      <Input
        type={type}
        value={String(values[name] ?? '')}
        autoComplete="off"
        onChange={(e) => set(name, type === 'number' ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value)}
      />
    </FormField>
  );
}

export function CheckSetting({
  label,
  name,
  values,
  set,
}: {
  label: string;
  name: string;
  values: Values;
  set: (key: string, value: unknown) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={Boolean(values[name])}
        onChange={(e) => set(name, e.target.checked)}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
