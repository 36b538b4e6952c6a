import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { MAIL_LOG_MARK } from './mail/mailer.ts';
import { smtpUrlOf } from './ops/live-settings.ts';
import type { BillingMode } from '../shared/subscription.ts';

/**
 * The short block printed once the server listens: what a newcomer needs to know before they
 * scroll through any log. Where the app is, how it bills, where its emails go, and how to create
 * the first superuser when there is none.
 */
export interface StartupFacts {
  appName: string;
  /** Where the process listens (after PORT=0 picked a port). */
  listeningUrl: string;
  /** APP_URL: what guest links and QR codes point to. */
  publicUrl: string;
  billing: BillingMode;
  /** Where record files are kept: UPLOADS_DIR, or the S3 bucket of STORAGE_S3_*. */
  files: string;
  /** The effective SMTP URL (settings or env); undefined = emails go to this log. */
  smtpUrl: string | undefined;
  /** The .env file read at startup, if any. */
  envFile: string | null;
  /** A one-time link to create the first superuser, when none exists. */
  installerUrl: string | null;
}

const BILLING_TEXT: Record<BillingMode, string> = {
  off: 'off (self-hosted: every organization is active; BILLING=trial or stripe is for hosted services)',
  trial: 'trial (choosing a plan starts a free trial; no payments)',
  stripe: 'stripe (plans are paid through Stripe)',
};

/** An SMTP URL without its user and password: enough to recognise the server. */
function smtpServer(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return 'the configured SMTP server';
  }
}

export function startupSummary(f: StartupFacts): string {
  const rows: [string, string][] = [['URL', f.listeningUrl]];
  if (f.publicUrl !== f.listeningUrl) rows.push(['Public URL', `${f.publicUrl} (APP_URL: guest links and QR codes use it)`]);
  rows.push(['Billing', BILLING_TEXT[f.billing]]);
  rows.push(['Files', f.files]);
  rows.push([
    'Emails',
    f.smtpUrl
      ? `sent through ${smtpServer(f.smtpUrl)}`
      : `SMTP not set: emails are written to this log, look for lines starting with ${MAIL_LOG_MARK}`,
  ]);
  if (f.envFile) rows.push(['Settings', `read from ${f.envFile}`]);
  if (f.installerUrl) {
    rows.push(['Superuser', `none yet: create the first one at ${f.installerUrl}`]);
    rows.push(['', '(valid for 1 hour; or run: npm run superuser -- upsert EMAIL PASSWORD)']);
  }
  const width = Math.max(...rows.map(([k]) => k.length)) + 1;
  const lines = rows.map(([k, v]) => `  ${(k ? `${k}:` : '').padEnd(width)} ${v}`);
  return `\n${f.appName} is running\n${lines.join('\n')}\n\n`;
}

/** The facts of a running app. */
export function startupFacts(
  ctx: AppContext,
  envConfig: Config,
  listeningUrl: string,
  extra: { envFile: string | null; installerUrl: string | null },
): StartupFacts {
  return {
    appName: ctx.config.appName,
    listeningUrl,
    publicUrl: ctx.config.appUrl,
    billing: ctx.config.billing,
    files: envConfig.s3Storage
      ? `S3 bucket ${envConfig.s3Storage.bucket} at ${envConfig.s3Storage.endpoint}`
      : `folder ${envConfig.uploadsDir}`,
    smtpUrl: smtpUrlOf(ctx.settings.get(), envConfig),
    ...extra,
  };
}
