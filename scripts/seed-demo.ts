/**
 * Demo data from the command line (the data lives in scripts/demo/menu-data.ts):
 *   npm run seed:demo
 *   npm run seed:demo -- --password=SECRET
 * Creates the verified user demo@qrmenu.local with the restaurant "Trattoria Demo": two venues,
 * tags and a published menu with ~80 items. Run again, it refreshes the demo data instead of
 * duplicating it.
 */
import { loadConfig } from '../server/config.ts';
import { runCommand, withContext } from './cli.ts';
import { createContext } from '../server/context.ts';
import { appCollections } from '../server/app-collections.ts';
import { productModules } from '../server/modules/index.ts';
import { installDefaultMessages } from '../shared/schemas/messages.ts';
import { seedDemo, type SeedDemoResult } from './demo/seed.ts';

const usage = 'Usage: npm run seed:demo [-- --password=PASSWORD]';

function parseArgs(args: string[]): { password?: string } | null {
  const out: { password?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg.startsWith('--password=')) out.password = arg.slice('--password='.length);
    else if (arg === '--password' && args[i + 1] !== undefined) out.password = args[++i];
    else return null;
  }
  return out;
}

function summary(r: SeedDemoResult, appUrl: string): string {
  const c = r.counts;
  const width = Math.max(...r.venues.map((v) => v.name.length));
  const pathWidth = Math.max(...r.venues.map((v) => v.path.length));
  const lines = [
    r.mode === 'created'
      ? `Created the demo user ${r.user.email} and its demo data.`
      : `Demo user ${r.user.email} already existed: refreshed its demo data (replaced ${r.replaced.venues} venue(s), ${r.replaced.menus} menu(s), ${r.replaced.tags} tag(s); password reset).`,
    '',
    `Organization  ${r.organization.name} (slug ${r.organization.slug}, subscription ${r.organization.subscriptionStatus}, ${r.organization.currency}, default language ${r.organization.defaultLanguage})`,
    `Venues        ${c.venues}`,
    ...r.venues.map((v) => `  ${v.name.padEnd(width)}  ${v.timezone.padEnd(13)}  ${v.path.padEnd(pathWidth)}  ${appUrl}${v.path}`),
    `Tags          ${c.tags} (${r.tags.join(', ')})`,
    `Menus         ${c.menus}: "${r.menu.name}" (${r.menu.status}, languages ${r.menu.languages.join('/')}, always on, shown at both venues)`,
    `Sections      ${c.sections}`,
    `Items         ${c.items} (${c.itemsWithImages} with images, ${c.itemsWithVariants} with price variants, ${c.itemsSoldOut} sold out, ${c.itemsTranslated} translated to German)`,
    '',
    `Log in at ${appUrl}`,
    `  Email     ${r.user.email}`,
    `  Password  ${r.user.password}`,
    '',
    `Done in ${(r.elapsedMs / 1000).toFixed(1)} s.`,
  ];
  return lines.join('\n');
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  installDefaultMessages();
  const ctx = createContext(config, appCollections, { log: { info: () => undefined, error: (obj, msg) => console.error(msg, obj) } });
  // As in buildApp: the product's hooks fill slugs, defaults and positions and validate.
  for (const module of productModules) await module.register?.(ctx);
  return withContext(ctx, async () => {
    const result = await seedDemo(ctx, args);
    console.log(summary(result, config.appUrl));
    return 0;
  });
}

runCommand(main);
