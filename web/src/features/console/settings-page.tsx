import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Send } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { DataState } from './console-ui.tsx';
import { CheckSetting, SettingsSection, TextSetting, type Values } from './settings-form.tsx';
import { MachineTranslationSettings } from './machine-translation-settings.tsx';

const TEMPLATES = ['verification', 'password-reset', 'email-change', 'otp', 'login-alert'];

function TestEmail() {
  const { t } = useTranslation('console');
  const [email, setEmail] = useState('');
  const [template, setTemplate] = useState('verification');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setError('');
    try {
      await pb.settings.testEmail('_superusers', email.trim(), template);
      toast.success(t('settings.testEmailSent', { email: email.trim() }));
    } catch (err) {
      const field = (err as { response?: { data?: { email?: { message?: string } } } }).response?.data?.email?.message;
      setError(field ?? errorMessage(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      aria-label={t('settings.testEmail')}
      className="grid gap-3 border-t pt-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <FormField label={t('settings.testEmailTo')} error={error}>
        <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      </FormField>
      <FormField label={t('settings.template')}>
        <Select value={template} onChange={(e) => setTemplate(e.target.value)}>
          {TEMPLATES.map((name) => (
            <option key={name} value={name}>
              {t(`settings.templates.${name}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" variant="outline" loading={sending} disabled={!email.trim()}>
        <Send aria-hidden /> {t('settings.testEmail')}
      </Button>
    </form>
  );
}

interface Rule {
  label: string;
  audience: string;
  duration: number;
  maxRequests: number;
}

/** Application, SMTP (with a test email), machine translation (with a test), rate limits, logs retention and the backup schedule. */
export default function SettingsPage() {
  const { t } = useTranslation('console');
  useTitle(t('titled', { title: t('nav.settings') }));
  const { data, error, isLoading, mutate } = useSWR('console-settings', () => pb.settings.getAll());
  const saved = () => void mutate();
  // Each section keeps its own draft; a fresh load (after saving) starts it over.
  const k = (section: string) => `${section}:${JSON.stringify((data as Record<string, unknown> | undefined)?.[section])}`;
  return (
    <>
      <PageHeader title={t('nav.settings')} description={t('settings.description')} />
      <DataState loading={isLoading} error={error} empty={false} emptyText="" onRetry={() => void mutate()}>
        {data ? (
          <div className="grid gap-4">
            <SettingsSection key={k('meta')} section="meta" title={t('settings.application')} initial={data.meta as Values} onSaved={saved}>
              {(v, set, e) => (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextSetting label={t('settings.appName')} name="appName" values={v} set={set} errors={e} />
                  <TextSetting
                    label={t('settings.appUrl')}
                    name="appURL"
                    type="url"
                    values={v}
                    set={set}
                    errors={e}
                    hint={t('settings.appUrlHint')}
                  />
                  <TextSetting label={t('settings.senderName')} name="senderName" values={v} set={set} errors={e} />
                  <TextSetting label={t('settings.senderAddress')} name="senderAddress" type="email" values={v} set={set} errors={e} />
                </div>
              )}
            </SettingsSection>
            <SettingsSection
              key={k('smtp')}
              section="smtp"
              title={t('settings.smtp')}
              description={t('settings.smtpDescription')}
              initial={data.smtp as Values}
              onSaved={saved}
              extra={<TestEmail />}
            >
              {(v, set, e) => (
                <>
                  <CheckSetting label={t('settings.smtpEnabled')} name="enabled" values={v} set={set} />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextSetting label={t('settings.host')} name="host" values={v} set={set} errors={e} />
                    <TextSetting label={t('settings.port')} name="port" type="number" values={v} set={set} errors={e} />
                    <TextSetting label={t('settings.username')} name="username" values={v} set={set} errors={e} />
                    <TextSetting
                      label={t('settings.password')}
                      name="password"
                      type="password"
                      values={v}
                      set={set}
                      errors={e}
                      hint={t('settings.passwordHint')}
                    />
                  </div>
                  <CheckSetting label={t('settings.tls')} name="tls" values={v} set={set} />
                </>
              )}
            </SettingsSection>
            {data.machineTranslation ? (
              <MachineTranslationSettings key={k('machineTranslation')} initial={data.machineTranslation as Values} onSaved={saved} />
            ) : null}
            <SettingsSection
              key={k('rateLimits')}
              section="rateLimits"
              title={t('settings.rateLimits')}
              initial={data.rateLimits as Values}
              onSaved={saved}
            >
              {(v, set, e) => {
                const rules = (v.rules as Rule[]) ?? [];
                const rulesErrors = (e.rules ?? {}) as Record<string, Record<string, { message?: string }>>;
                const setRule = (i: number, key: keyof Rule, value: unknown) =>
                  set(
                    'rules',
                    rules.map((r, j) => (j === i ? { ...r, [key]: value } : r)),
                  );
                return (
                  <>
                    <CheckSetting label={t('settings.rateLimitsEnabled')} name="enabled" values={v} set={set} />
                    <ul className="grid gap-3">
                      {rules.map((r, i) => (
                        <li key={i} className="grid gap-2 sm:grid-cols-[1fr_8rem_8rem] sm:items-start">
                          <FormField label={t('settings.rule')} error={rulesErrors[i]?.label?.message}>
                            <Input value={r.label} onChange={(ev) => setRule(i, 'label', ev.target.value)} className="font-mono" />
                          </FormField>
                          <FormField label={t('settings.maxRequests')} error={rulesErrors[i]?.maxRequests?.message}>
                            <Input
                              type="number"
                              value={r.maxRequests}
                              onChange={(ev) => setRule(i, 'maxRequests', Number(ev.target.value))}
                            />
                          </FormField>
                          <FormField label={t('settings.perSeconds')} error={rulesErrors[i]?.duration?.message}>
                            <Input type="number" value={r.duration} onChange={(ev) => setRule(i, 'duration', Number(ev.target.value))} />
                          </FormField>
                        </li>
                      ))}
                    </ul>
                  </>
                );
              }}
            </SettingsSection>
            <SettingsSection key={k('logs')} section="logs" title={t('settings.logs')} initial={data.logs as Values} onSaved={saved}>
              {(v, set, e) => (
                <>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextSetting
                      label={t('settings.logsMaxDays')}
                      name="maxDays"
                      type="number"
                      values={v}
                      set={set}
                      errors={e}
                      hint={t('settings.logsMaxDaysHint')}
                    />
                    <TextSetting
                      label={t('settings.logsMinLevel')}
                      name="minLevel"
                      type="number"
                      values={v}
                      set={set}
                      errors={e}
                      hint={t('settings.logsMinLevelHint')}
                    />
                  </div>
                  <CheckSetting label={t('settings.logIp')} name="logIP" values={v} set={set} />
                  <CheckSetting label={t('settings.logAuthId')} name="logAuthId" values={v} set={set} />
                </>
              )}
            </SettingsSection>
            <SettingsSection
              key={k('backups')}
              section="backups"
              title={t('settings.backups')}
              initial={data.backups as Values}
              onSaved={saved}
            >
              {(v, set, e) => (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextSetting label={t('settings.cron')} name="cron" values={v} set={set} errors={e} hint={t('settings.cronHint')} />
                  <TextSetting label={t('settings.cronMaxKeep')} name="cronMaxKeep" type="number" values={v} set={set} errors={e} />
                </div>
              )}
            </SettingsSection>
            {data.billing ? (
              <SettingsSection
                key={k('billing')}
                section="billing"
                title={t('settings.billing')}
                initial={data.billing as Values}
                onSaved={saved}
              >
                {(v, set, e) => (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextSetting
                      label={t('settings.graceDays')}
                      name="lapseGraceDays"
                      type="number"
                      values={v}
                      set={set}
                      errors={e}
                      hint={t('settings.graceDaysHint')}
                    />
                  </div>
                )}
              </SettingsSection>
            ) : null}
          </div>
        ) : null}
      </DataState>
    </>
  );
}
