import { useState } from 'react';
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
  const [email, setEmail] = useState('');
  const [template, setTemplate] = useState('verification');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setError('');
    try {
      await pb.settings.testEmail('_superusers', email.trim(), template);
      toast.success(`Test email sent to ${email.trim()}.`);
    } catch (err) {
      const field = (err as { response?: { data?: { email?: { message?: string } } } }).response?.data?.email?.message;
      setError(field ?? errorMessage(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      aria-label="Send test email"
      className="grid gap-3 border-t pt-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <FormField label="Send a test email to" error={error}>
        <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      </FormField>
      <FormField label="Template">
        <Select value={template} onChange={(e) => setTemplate(e.target.value)}>
          {TEMPLATES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" variant="outline" loading={sending} disabled={!email.trim()}>
        <Send aria-hidden /> Send test email
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
  useTitle('Settings · Console');
  const { data, error, isLoading, mutate } = useSWR('console-settings', () => pb.settings.getAll());
  const saved = () => void mutate();
  // Each section keeps its own draft; a fresh load (after saving) starts it over.
  const k = (section: string) => `${section}:${JSON.stringify((data as Record<string, unknown> | undefined)?.[section])}`;
  return (
    <>
      <PageHeader title="Settings" description="Applied at once, without a restart." />
      <DataState loading={isLoading} error={error} empty={false} emptyText="" onRetry={() => void mutate()}>
        {data ? (
          <div className="grid gap-4">
            <SettingsSection key={k('meta')} section="meta" title="Application" initial={data.meta as Values} onSaved={saved}>
              {(v, set, e) => (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextSetting label="App name" name="appName" values={v} set={set} errors={e} />
                  <TextSetting
                    label="App URL"
                    name="appURL"
                    type="url"
                    values={v}
                    set={set}
                    errors={e}
                    hint="The public address: links in emails and QR codes use it."
                  />
                  <TextSetting label="Sender name" name="senderName" values={v} set={set} errors={e} />
                  <TextSetting label="Sender address" name="senderAddress" type="email" values={v} set={set} errors={e} />
                </div>
              )}
            </SettingsSection>
            <SettingsSection
              key={k('smtp')}
              section="smtp"
              title="Mail (SMTP)"
              description="Without SMTP, emails are written to the server log."
              initial={data.smtp as Values}
              onSaved={saved}
              extra={<TestEmail />}
            >
              {(v, set, e) => (
                <>
                  <CheckSetting label="Send emails through SMTP" name="enabled" values={v} set={set} />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextSetting label="Host" name="host" values={v} set={set} errors={e} />
                    <TextSetting label="Port" name="port" type="number" values={v} set={set} errors={e} />
                    <TextSetting label="Username" name="username" values={v} set={set} errors={e} />
                    <TextSetting
                      label="Password"
                      name="password"
                      type="password"
                      values={v}
                      set={set}
                      errors={e}
                      hint="Left empty, the stored password stays."
                    />
                  </div>
                  <CheckSetting label="TLS (smtps)" name="tls" values={v} set={set} />
                </>
              )}
            </SettingsSection>
            {data.machineTranslation ? (
              <MachineTranslationSettings key={k('machineTranslation')} initial={data.machineTranslation as Values} onSaved={saved} />
            ) : null}
            <SettingsSection
              key={k('rateLimits')}
              section="rateLimits"
              title="Rate limits"
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
                    <CheckSetting label="Limit requests" name="enabled" values={v} set={set} />
                    <ul className="grid gap-3">
                      {rules.map((r, i) => (
                        <li key={i} className="grid gap-2 sm:grid-cols-[1fr_8rem_8rem] sm:items-start">
                          <FormField label="Rule" error={rulesErrors[i]?.label?.message}>
                            <Input value={r.label} onChange={(ev) => setRule(i, 'label', ev.target.value)} className="font-mono" />
                          </FormField>
                          <FormField label="Max requests" error={rulesErrors[i]?.maxRequests?.message}>
                            <Input
                              type="number"
                              value={r.maxRequests}
                              onChange={(ev) => setRule(i, 'maxRequests', Number(ev.target.value))}
                            />
                          </FormField>
                          <FormField label="Per seconds" error={rulesErrors[i]?.duration?.message}>
                            <Input type="number" value={r.duration} onChange={(ev) => setRule(i, 'duration', Number(ev.target.value))} />
                          </FormField>
                        </li>
                      ))}
                    </ul>
                  </>
                );
              }}
            </SettingsSection>
            <SettingsSection key={k('logs')} section="logs" title="Logs" initial={data.logs as Values} onSaved={saved}>
              {(v, set, e) => (
                <>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextSetting
                      label="Keep logs for (days)"
                      name="maxDays"
                      type="number"
                      values={v}
                      set={set}
                      errors={e}
                      hint="0 keeps no request log."
                    />
                    <TextSetting
                      label="Minimum level"
                      name="minLevel"
                      type="number"
                      values={v}
                      set={set}
                      errors={e}
                      hint="0 logs every request, 8 only errors."
                    />
                  </div>
                  <CheckSetting label="Log client IP addresses" name="logIP" values={v} set={set} />
                  <CheckSetting label="Log the signed-in record id" name="logAuthId" values={v} set={set} />
                </>
              )}
            </SettingsSection>
            <SettingsSection key={k('backups')} section="backups" title="Backup schedule" initial={data.backups as Values} onSaved={saved}>
              {(v, set, e) => (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextSetting
                    label="Schedule (cron)"
                    name="cron"
                    values={v}
                    set={set}
                    errors={e}
                    hint='e.g. "0 3 * * *" daily at 03:00; empty: off.'
                  />
                  <TextSetting label="Keep the last" name="cronMaxKeep" type="number" values={v} set={set} errors={e} />
                </div>
              )}
            </SettingsSection>
            {data.billing ? (
              <SettingsSection
                key={k('billing')}
                section="billing"
                title="Lapsed subscriptions"
                initial={data.billing as Values}
                onSaved={saved}
              >
                {(v, set, e) => (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextSetting
                      label="Grace period (days)"
                      name="lapseGraceDays"
                      type="number"
                      values={v}
                      set={set}
                      errors={e}
                      hint="How long guests still see a lapsed organization's menu before the “unavailable” page."
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
