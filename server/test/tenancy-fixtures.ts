import sharp from 'sharp';
import { seed, superuserRequest, tokenFor, type TestApp } from './test-app.ts';

/**
 * The tenancy world of `server/modules/tenancy.test.ts`: three organizations with the same shape
 * of data (A and B active, C past due), their members, outsiders and a superuser. Everything that
 * is not created with a fixed id (organizations made by sign-up, owner memberships, stored file
 * names, file tokens) is returned in `vars`, which the scenario rows reference as `{{NAME}}`.
 */

export type Who =
  | 'ownerA'
  | 'adminA'
  | 'editorA'
  | 'staffA'
  | 'strangerA'
  | 'ownerB'
  | 'editorB'
  | 'unverified'
  | 'lapsed'
  | 'newbie'
  | 'guest'
  | 'superuser';

export type OrgKey = 'A' | 'B' | 'C';

export const PASSWORD = 'tenancy-password-1';

/** A 15-char id: prefix, zero padding, then the number. */
const fid = (prefix: string, n = 1) => `${prefix}${'0'.repeat(15 - prefix.length - String(n).length)}${n}`;

export const USERS = {
  ownerA: fid('ownera'),
  adminA: fid('admina'),
  editorA: fid('editora'),
  /** Floor staff of A, assigned to A's venue only (not to EXTRA.venueA2). */
  staffA: fid('staffa'),
  ownerB: fid('ownerb'),
  editorB: fid('editorb'),
  strangerA: fid('stranger'),
  unverified: fid('unverified'),
  lapsed: fid('lapsed'),
  newbie: fid('newbie'),
  newbie2: fid('newbie', 2),
  /** An editor of B whom ownerA later invites into A as well. */
  consultant: fid('consultant'),
  /** Signs up in a scenario row (not in setup). */
  mallory: fid('mallory'),
  superuser: fid('superuser'),
} as const;

/** Fixed-id records of one organization (the same shape in A, B and C). */
export interface OrgData {
  key: OrgKey;
  /** Placeholder of the organization id (created by the owner's sign-up). */
  org: string;
  /** Placeholder of the owner's membership id (created by sign-up). */
  ownerMembership: string;
  /** Appears in every name of the organization's records: a leak shows up as this string. */
  marker: string;
  owner: string;
  venue: string;
  tag: string;
  menu: string;
  section: string;
  item: string;
  /** The organization's option group (on its item) and an option in it. */
  group: string;
  option: string;
  /** The venue's override of the item (its own prices there). */
  venueItem: string;
  /** The venue's own sold-out mark of the option (available there). */
  venueOption: string;
  /** A set menu in the section, with one course offering the item. */
  setItem: string;
  course: string;
  upload: string;
  help: string;
  /** Placeholders of the stored file names. */
  logo: string;
  pdf: string;
}

const orgData = (key: OrgKey, owner: string): OrgData => {
  const x = key.toLowerCase();
  return {
    key,
    org: `{{ORG_${key}}}`,
    ownerMembership: `{{M_OWNER_${key}}}`,
    marker: `SECRET-${key}`,
    owner,
    venue: fid(`${x}venue`),
    tag: fid(`${x}tag`),
    menu: fid(`${x}menu`),
    section: fid(`${x}section`),
    item: fid(`${x}item`),
    group: fid(`${x}group`),
    option: fid(`${x}option`),
    venueItem: fid(`${x}venueitem`),
    venueOption: fid(`${x}venueopt`),
    setItem: fid(`${x}setitem`),
    course: fid(`${x}course`),
    upload: fid(`${x}upload`),
    help: fid(`${x}help`),
    logo: `{{LOGO_${key}}}`,
    pdf: `{{PDF_${key}}}`,
  };
};

export const A = orgData('A', USERS.ownerA);
export const B = orgData('B', USERS.ownerB);
export const C = orgData('C', USERS.lapsed);

/** Extra fixed ids in A (spares for deletes, moves and links) and memberships added in setup. */
export const EXTRA = {
  tagA2: fid('atag', 2),
  sectionA2: fid('asection', 2),
  itemA2: fid('aitem', 2),
  uploadA2: fid('aupload', 2),
  uploadA3: fid('aupload', 3),
  memAdminA: fid('memadmina'),
  memEditorA: fid('memeditora'),
  memStaffA: fid('memstaffa'),
  /** A second venue of A, not assigned to staffA, showing only menuA2 (with sectionA3 and itemA3). */
  venueA2: fid('avenue', 2),
  menuA2: fid('amenu', 2),
  sectionA3: fid('asection', 3),
  itemA3: fid('aitem', 3),
  /** A spare option in A's group (offered at A's venue), and a group with an option on itemA3 only. */
  optionA2: fid('aoption', 2),
  groupA3: fid('agroup', 3),
  optionA3: fid('aoption', 3),
  memUnverifiedA: fid('memunverified'),
  memEditorB: fid('memeditorb'),
  memNewbieA: fid('memnewbiea'),
  memConsultantB: fid('memconsultb'),
  memConsultantA: fid('memconsulta'),
  batchTagA: fid('abatchtag'),
  plan: fid('plan'),
} as const;

export interface TenancyWorld {
  /** Values of the `{{NAME}}` placeholders. */
  vars: Record<string, string>;
  /** Auth tokens for the Authorization header ('' for guests). */
  tokens: Record<Who, string>;
}

/** A minimal valid one-page PDF, with a correct cross-reference table. */
export function minimalPdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  ];
  const content = `BT /F1 12 Tf 20 100 Td (${title}) Tj ET`;
  objects.push(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`);
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export async function pngLogo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Builds the world through the engine as a superuser (sign-up hooks run as in production). */
export async function seedTenancyWorld(t: TestApp): Promise<TenancyWorld> {
  const { ctx } = t;
  const engine = ctx.engine;
  const su = superuserRequest(ctx);
  const vars: Record<string, string> = {};

  const signUp = async (id: string, email: string, name: string, verified = true) => {
    const user = await seed(ctx, 'users', { id, email, password: PASSWORD, passwordConfirm: PASSWORD, name, verified });
    return String(user.currentOrganization);
  };
  const setOrg = (id: string, data: Record<string, unknown>) =>
    engine.update(engine.collection('organizations'), id, { data, files: {}, fromForm: false }, su);
  const ownerMembership = (org: string, user: string) =>
    String(ctx.stmts.get('SELECT id FROM memberships WHERE organization = ? AND user = ?', [org, user])?.id ?? '');

  await seed(ctx, '_superusers', { id: USERS.superuser, email: 'root@example.com', password: PASSWORD, passwordConfirm: PASSWORD });

  // Sign-up creates each user's own organization (subscriptionStatus 'none') and owner membership.
  vars.ORG_A = await signUp(USERS.ownerA, 'ownera@example.com', 'Owner SECRET-A');
  vars.ORG_B = await signUp(USERS.ownerB, 'ownerb@example.com', 'Owner SECRET-B');
  vars.ORG_C = await signUp(USERS.lapsed, 'lapsed@example.com', 'Lapsed SECRET-C');
  vars.ORG_S = await signUp(USERS.strangerA, 'stranger@example.com', 'Stranger');
  vars.ORG_ADMIN_OWN = await signUp(USERS.adminA, 'admina@example.com', 'Admin of A');
  vars.ORG_EDITOR_A_OWN = await signUp(USERS.editorA, 'editora@example.com', 'Editor of A');
  vars.ORG_STAFF_A_OWN = await signUp(USERS.staffA, 'staffa@example.com', 'Staff of A');
  vars.ORG_EDITOR_B_OWN = await signUp(USERS.editorB, 'editorb@example.com', 'Editor of B');
  vars.ORG_UNVERIFIED_OWN = await signUp(USERS.unverified, 'unverified@example.com', 'Unverified', false);
  vars.ORG_NEWBIE_OWN = await signUp(USERS.newbie, 'newbie@example.com', 'Newbie');
  vars.ORG_NEWBIE2_OWN = await signUp(USERS.newbie2, 'newbie2@example.com', 'Newbie Two');
  vars.ORG_CONSULTANT_OWN = await signUp(USERS.consultant, 'consultant@example.com', 'Consultant');
  await setOrg(vars.ORG_A, { name: 'Org SECRET-A', subscriptionStatus: 'active' });
  await setOrg(vars.ORG_B, { name: 'Org SECRET-B', subscriptionStatus: 'active' });
  await setOrg(vars.ORG_C, { name: 'Org SECRET-C', subscriptionStatus: 'past_due' });
  vars.M_OWNER_A = ownerMembership(vars.ORG_A, USERS.ownerA);
  vars.M_OWNER_B = ownerMembership(vars.ORG_B, USERS.ownerB);
  vars.M_OWNER_C = ownerMembership(vars.ORG_C, USERS.lapsed);

  await seed(ctx, 'memberships', { id: EXTRA.memAdminA, organization: vars.ORG_A, user: USERS.adminA, role: 'admin' });
  await seed(ctx, 'memberships', { id: EXTRA.memEditorA, organization: vars.ORG_A, user: USERS.editorA, role: 'editor' });
  await seed(ctx, 'memberships', { id: EXTRA.memUnverifiedA, organization: vars.ORG_A, user: USERS.unverified, role: 'editor' });
  await seed(ctx, 'memberships', { id: EXTRA.memEditorB, organization: vars.ORG_B, user: USERS.editorB, role: 'editor' });
  await seed(ctx, 'memberships', { id: EXTRA.memConsultantB, organization: vars.ORG_B, user: USERS.consultant, role: 'editor' });

  await seed(ctx, 'plans', {
    id: EXTRA.plan,
    code: 'tenancy-plan',
    name: 'Tenancy Plan',
    active: true,
    priceMonthly: 900,
    currency: 'EUR',
    stripePriceMonthly: 'price_hidden_starter',
    limits: {},
  });

  for (const [d, color] of [
    [A, '#aa0000'],
    [B, '#0000aa'],
    [C, '#00aa00'],
  ] as const) {
    const org = vars[`ORG_${d.key}`] as string;
    const m = d.marker;
    await seed(ctx, 'tags', { id: d.tag, organization: org, name: `Tag ${m}`, color: '#00aa00' });
    await seed(ctx, 'menus', { id: d.menu, organization: org, name: `Menu ${m}`, status: 'published' });
    await seed(ctx, 'sections', { id: d.section, menu: d.menu, name: `Section ${m}` });
    await seed(ctx, 'option_groups', { id: d.group, organization: org, name: `Group ${m}`, maxChoices: 2 });
    await seed(ctx, 'options', { id: d.option, group: d.group, name: `Option ${m}`, priceDelta: 150 });
    await seed(ctx, 'items', {
      id: d.item,
      section: d.section,
      name: `Item ${m}`,
      prices: [{ label: '', amount: 950 }],
      tags: [d.tag],
      optionGroups: [d.group],
    });
    await seed(ctx, 'items', { id: d.setItem, section: d.section, name: `Set ${m}`, kind: 'set', prices: [{ label: '', amount: 1490 }] });
    await seed(ctx, 'set_courses', { id: d.course, item: d.setItem, name: `Course ${m}`, choices: [d.item] });
    const upload = await engine.create(
      engine.collection('menu_uploads'),
      {
        data: { id: d.upload, organization: org, name: `Upload ${m}` },
        files: { file: [{ name: 'menu.pdf', data: minimalPdf(`Menu ${m}`) }] },
        fromForm: false,
      },
      su,
    );
    vars[`PDF_${d.key}`] = String(upload.file);
    const venue = await engine.create(
      engine.collection('venues'),
      {
        data: {
          id: d.venue,
          organization: org,
          name: `Venue ${m}`,
          timezone: 'Europe/Vienna',
          primaryColor: '#112233',
          menus: [d.menu],
          originalMenu: d.upload,
        },
        files: { logo: [{ name: 'logo.png', data: await pngLogo(color) }] },
        fromForm: false,
      },
      su,
    );
    vars[`LOGO_${d.key}`] = String(venue.logo);
    await seed(ctx, 'venue_items', { id: d.venueItem, venue: d.venue, item: d.item, prices: [{ label: 'Here', amount: 1150 }] });
    await seed(ctx, 'venue_options', { id: d.venueOption, venue: d.venue, option: d.option, available: true });
    await seed(ctx, 'help_requests', {
      id: d.help,
      user: d.owner,
      organization: org,
      title: `Help ${m}`,
      description: `Please help us, ${m}.`,
    });
  }

  await seed(ctx, 'memberships', { id: EXTRA.memStaffA, organization: vars.ORG_A, user: USERS.staffA, role: 'staff', venues: [A.venue] });
  // A venue of A that staffA does not serve, with a menu that only it shows.
  await seed(ctx, 'menus', { id: EXTRA.menuA2, organization: vars.ORG_A, name: 'Terrace menu SECRET-A', status: 'published' });
  await seed(ctx, 'sections', { id: EXTRA.sectionA3, menu: EXTRA.menuA2, name: 'Terrace section SECRET-A' });
  await seed(ctx, 'option_groups', { id: EXTRA.groupA3, organization: vars.ORG_A, name: 'Patio group SECRET-A' });
  await seed(ctx, 'options', { id: EXTRA.optionA3, group: EXTRA.groupA3, name: 'Patio option SECRET-A' });
  await seed(ctx, 'items', {
    id: EXTRA.itemA3,
    section: EXTRA.sectionA3,
    name: 'Terrace item SECRET-A',
    prices: [{ label: '', amount: 700 }],
    optionGroups: [EXTRA.groupA3],
  });
  await seed(ctx, 'venues', {
    id: EXTRA.venueA2,
    organization: vars.ORG_A,
    name: 'Terrace SECRET-A',
    timezone: 'Europe/Vienna',
    primaryColor: '#112233',
    menus: [EXTRA.menuA2],
  });

  // Spares in A: a tag to delete, a second section and item (moves), uploads for link tests.
  await seed(ctx, 'tags', { id: EXTRA.tagA2, organization: vars.ORG_A, name: 'Spare tag SECRET-A' });
  await seed(ctx, 'sections', { id: EXTRA.sectionA2, menu: A.menu, name: 'Second section SECRET-A' });
  await seed(ctx, 'items', { id: EXTRA.itemA2, section: A.section, name: 'Spare item SECRET-A', prices: [{ label: '', amount: 450 }] });
  await seed(ctx, 'options', { id: EXTRA.optionA2, group: A.group, name: 'Spare option SECRET-A', position: 1 });
  await engine.create(
    engine.collection('menu_uploads'),
    {
      data: { id: EXTRA.uploadA2, organization: vars.ORG_A, name: 'Spare upload SECRET-A' },
      files: { file: [{ name: 'spare.pdf', data: minimalPdf('Spare') }] },
      fromForm: false,
    },
    su,
  );
  // Support links this one to B's menu in a scenario row (after the read matrix).
  await engine.create(
    engine.collection('menu_uploads'),
    {
      data: { id: EXTRA.uploadA3, organization: vars.ORG_A, name: 'Linked upload SECRET-A' },
      files: { file: [{ name: 'linked.pdf', data: minimalPdf('Linked') }] },
      fromForm: false,
    },
    su,
  );

  const tokens: Record<Who, string> = {
    ownerA: await tokenFor(ctx, 'users', USERS.ownerA),
    adminA: await tokenFor(ctx, 'users', USERS.adminA),
    editorA: await tokenFor(ctx, 'users', USERS.editorA),
    staffA: await tokenFor(ctx, 'users', USERS.staffA),
    strangerA: await tokenFor(ctx, 'users', USERS.strangerA),
    ownerB: await tokenFor(ctx, 'users', USERS.ownerB),
    editorB: await tokenFor(ctx, 'users', USERS.editorB),
    unverified: await tokenFor(ctx, 'users', USERS.unverified),
    lapsed: await tokenFor(ctx, 'users', USERS.lapsed),
    newbie: await tokenFor(ctx, 'users', USERS.newbie),
    guest: '',
    superuser: await tokenFor(ctx, '_superusers', USERS.superuser),
  };

  // File tokens come from the real endpoint, with each user's auth.
  const fileTokenOf: Array<[string, Who]> = [
    ['FT_OWNER_A', 'ownerA'],
    ['FT_EDITOR_A', 'editorA'],
    ['FT_STAFF_A', 'staffA'],
    ['FT_STRANGER', 'strangerA'],
    ['FT_OWNER_B', 'ownerB'],
    ['FT_EDITOR_B', 'editorB'],
    ['FT_UNVERIFIED', 'unverified'],
    ['FT_LAPSED', 'lapsed'],
    ['FT_SUPERUSER', 'superuser'],
  ];
  for (const [name, who] of fileTokenOf) {
    const res = await t.app.inject({ method: 'POST', url: '/api/files/token', headers: { authorization: tokens[who] } });
    if (res.statusCode !== 200) throw new Error(`file token for ${who}: ${res.statusCode} ${res.body}`);
    vars[name] = String((res.json() as { token: string }).token);
  }
  vars.AUTH_EDITOR_A = tokens.editorA;
  return { vars, tokens };
}
