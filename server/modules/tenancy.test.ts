import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { PgStatements } from '../db/pg-statements.ts';
import { collector, sentinelFence } from '../test/realtime-collector.ts';
import { announceSeed, shuffled } from '../test/test-seed.ts';
import { buildTestApp, superuserRequest, tokenFor, type TestApp } from '../test/test-app.ts';
import {
  A,
  B,
  C,
  EXTRA,
  PASSWORD,
  USERS,
  minimalPdf,
  pngLogo,
  seedTenancyWorld,
  type OrgData,
  type TenancyWorld,
  type Who,
} from '../test/tenancy-fixtures.ts';

/**
 * Acceptance test of tenant isolation: a scenario table run through `app.inject`, one row per
 * case, proving that no member of one organization reaches another organization's data through
 * any collection or route (list, filter, view, create, update, move, delete, expand, batch,
 * files, auth responses), plus realtime through the official SDK. Rule outcomes follow
 * `shared/pocketbase-contract.md` §2.3: list filters silently, view/update/delete answer 404,
 * create answers 400 `Failed to create record.`, a null rule 403.
 *
 * World (see `server/test/tenancy-fixtures.ts`): organizations A and B (active) with an owner, an
 * editor (and in A an admin and an unverified editor), organization C (past due) of `lapsed`, a
 * verified stranger with only their own organization, guests and a superuser. Every record name of
 * organization X contains `SECRET-X`, so a leak shows up as that marker in a response body.
 */

(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** `mallory` signs up in a row; until then (or if the sign-up is refused) she is a guest. */
type Actor = Who | 'mallory';

interface Row {
  name: string;
  method: Method;
  /** May contain `{{NAME}}` placeholders (also URL-encoded) for ids known only after setup. */
  url: string;
  as: Actor;
  /** Sent as JSON; placeholders are filled. */
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: () => Promise<FormData>;
  expectedStatus: number;
  expectedContent?: string[];
  notExpectedContent?: string[];
  expectedHeaders?: Record<string, string>;
  /** Rows that need this row's write: they run right after it, inside the same isolated run. */
  then?: Row[];
}

const NOT_FOUND = '"message":"The requested resource wasn\'t found."';
const CREATE_FAILED = '"message":"Failed to create record."';
const UPDATE_FAILED = '"message":"Failed to update record."';
const BATCH_FAILED = '"message":"Batch transaction failed."';
const ONLY_SUPERUSERS = '"message":"Only superusers can perform this action."';
const RULE_REFUSED = '"data":{}';
const NONE = '"totalItems":0';
const INTRUDER = 'INTRUDER';

const rec = (collection: string, id = '') => `/api/collections/${collection}/records${id ? `/${id}` : ''}`;
const withQuery = (url: string, query: Record<string, string>) => `${url}?${new URLSearchParams(query).toString()}`;
const list = (collection: string, query: Record<string, string> = {}) => withQuery(rec(collection), { perPage: '500', ...query });
const where = (collection: string, filter: string) => list(collection, { filter });
const fileUrl = (collection: string, id: string, name: string, token?: string) =>
  `/api/files/${collection}/${id}/${name}${token === undefined ? '' : `?token=${token}`}`;

/** Every fixed id and the marker of an organization: none of them may appear in a foreign response. */
const traces = (d: OrgData): string[] => [
  d.marker,
  d.org,
  d.venue,
  d.tag,
  d.menu,
  d.section,
  d.item,
  d.group,
  d.option,
  d.venueItem,
  d.venueOption,
  d.setItem,
  d.course,
  d.upload,
  d.help,
];

let t: TestApp;
let world: TenancyWorld;

/** Replaces `{{NAME}}` (plain or URL-encoded) with the world's values; unknown names fail loudly. */
function fill(text: string): string {
  return text.replace(/\{\{(\w+)\}\}|%7B%7B(\w+)%7D%7D/g, (_m, a: string | undefined, b: string | undefined) => {
    const key = (a ?? b) as string;
    const value = world.vars[key];
    if (value === undefined) throw new Error(`unknown placeholder ${key}`);
    return value;
  });
}

async function encodeForm(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') ?? '' };
}

async function send(row: Row): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  const token = row.as === 'mallory' ? await tokenFor(t.ctx, 'users', USERS.mallory).catch(() => '') : world.tokens[row.as];
  if (token) headers.authorization = token;
  let payload: string | Buffer | undefined;
  if (row.form) {
    const form = await row.form();
    const encoded = await encodeForm(form);
    payload = encoded.payload;
    headers['content-type'] = encoded.contentType;
  } else if (row.body !== undefined) {
    payload = fill(JSON.stringify(row.body));
    headers['content-type'] = 'application/json';
  }
  const res = await t.app.inject({ method: row.method, url: fill(row.url), headers, ...(payload !== undefined ? { payload } : {}) });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

// ---------------------------------------------------------------------------------------------
// Reads: every collection, every reader, against every foreign organization.
// ---------------------------------------------------------------------------------------------

interface CollectionSpec {
  collection: string;
  /** The record of organization `d` used for id filters and views. */
  idOf: (d: OrgData) => string;
  /** A client filter that targets organization `d` through its organization field or path. */
  byOrg: (d: OrgData) => string;
}

const specs: CollectionSpec[] = [
  { collection: 'organizations', idOf: (d) => d.org, byOrg: (d) => `id = "${d.org}" || name ~ "${d.marker}"` },
  { collection: 'memberships', idOf: (d) => d.ownerMembership, byOrg: (d) => `organization = "${d.org}"` },
  { collection: 'users', idOf: (d) => d.owner, byOrg: (d) => `currentOrganization = "${d.org}"` },
  { collection: 'venues', idOf: (d) => d.venue, byOrg: (d) => `organization = "${d.org}"` },
  { collection: 'tags', idOf: (d) => d.tag, byOrg: (d) => `organization = "${d.org}"` },
  { collection: 'menus', idOf: (d) => d.menu, byOrg: (d) => `organization = "${d.org}"` },
  { collection: 'sections', idOf: (d) => d.section, byOrg: (d) => `menu.organization = "${d.org}"` },
  { collection: 'items', idOf: (d) => d.item, byOrg: (d) => `section.menu.organization = "${d.org}"` },
  { collection: 'option_groups', idOf: (d) => d.group, byOrg: (d) => `organization = "${d.org}"` },
  { collection: 'options', idOf: (d) => d.option, byOrg: (d) => `group.organization = "${d.org}"` },
  { collection: 'venue_items', idOf: (d) => d.venueItem, byOrg: (d) => `venue.organization = "${d.org}"` },
  { collection: 'venue_options', idOf: (d) => d.venueOption, byOrg: (d) => `venue.organization = "${d.org}"` },
  { collection: 'set_courses', idOf: (d) => d.course, byOrg: (d) => `item.section.menu.organization = "${d.org}"` },
  { collection: 'menu_uploads', idOf: (d) => d.upload, byOrg: (d) => `organization = "${d.org}"` },
  { collection: 'help_requests', idOf: (d) => d.help, byOrg: (d) => `organization = "${d.org}" || user = "${d.owner}"` },
];

/** What each reader must see of their own world in an unfiltered list (help requests are per user). */
const ownView = (d: OrgData, self: string, isOwner: boolean): Record<string, string[]> => ({
  organizations: [d.org],
  memberships: [d.ownerMembership],
  users: [self],
  venues: [d.venue],
  tags: [d.tag],
  menus: [d.menu],
  sections: [d.section],
  items: [d.item],
  option_groups: [d.group],
  options: [d.option],
  venue_items: [d.venueItem],
  venue_options: [d.venueOption],
  set_courses: [d.course],
  menu_uploads: [d.upload],
  help_requests: isOwner ? [d.help] : [],
});

interface Reader {
  who: Who;
  own: Record<string, string[]>;
  foreign: OrgData[];
}

const readers: Reader[] = [
  { who: 'ownerA', own: ownView(A, USERS.ownerA, true), foreign: [B, C] },
  { who: 'editorA', own: ownView(A, USERS.editorA, false), foreign: [B, C] },
  {
    who: 'staffA',
    own: { ...ownView(A, USERS.staffA, false), tags: [], menu_uploads: [], memberships: [EXTRA.memStaffA] },
    foreign: [B, C],
  },
  { who: 'ownerB', own: ownView(B, USERS.ownerB, true), foreign: [A, C] },
  { who: 'editorB', own: ownView(B, USERS.editorB, false), foreign: [A, C] },
  { who: 'lapsed', own: ownView(C, USERS.lapsed, true), foreign: [A, B] },
  { who: 'strangerA', own: { organizations: ['{{ORG_S}}'], users: [USERS.strangerA] }, foreign: [A, B, C] },
  { who: 'unverified', own: { users: [USERS.unverified] }, foreign: [A, B, C] },
  { who: 'guest', own: {}, foreign: [A, B, C] },
];

function readRows(): Row[] {
  const rows: Row[] = [];
  for (const r of readers) {
    for (const s of specs) {
      const foreignTraces = r.foreign.flatMap((d) => [...traces(d), d.ownerMembership, d.owner]);
      rows.push({
        name: `${r.who} lists ${s.collection} without filter: own records only`,
        method: 'GET',
        url: list(s.collection),
        as: r.who,
        expectedStatus: 200,
        expectedContent: r.own[s.collection] ?? [],
        notExpectedContent: foreignTraces,
      });
      // The unverified editor of A and guests see nothing of A at all.
      if (r.who === 'unverified' || r.who === 'guest') {
        rows.push({
          name: `${r.who} lists ${s.collection} with expand: nothing of any organization`,
          method: 'GET',
          url: list(s.collection, { expand: 'organization,user,menu,section,tags' }),
          as: r.who,
          expectedStatus: 200,
          expectedContent: s.collection === 'users' && r.who === 'unverified' ? ['"totalItems":1'] : [NONE],
          notExpectedContent: foreignTraces,
        });
      }
      for (const d of r.foreign) {
        rows.push(
          {
            name: `${r.who} lists ${s.collection} filtered by ${d.key}'s id: empty`,
            method: 'GET',
            url: where(s.collection, `id = "${s.idOf(d)}"`),
            as: r.who,
            expectedStatus: 200,
            expectedContent: [NONE, '"items":[]'],
            notExpectedContent: traces(d),
          },
          {
            name: `${r.who} lists ${s.collection} filtered by organization ${d.key}: empty`,
            method: 'GET',
            url: where(s.collection, s.byOrg(d)),
            as: r.who,
            expectedStatus: 200,
            expectedContent: [NONE, '"items":[]'],
            notExpectedContent: traces(d),
          },
          {
            name: `${r.who} views ${d.key}'s ${s.collection} record: 404`,
            method: 'GET',
            url: rec(s.collection, s.idOf(d)),
            as: r.who,
            expectedStatus: 404,
            expectedContent: [NOT_FOUND],
            notExpectedContent: traces(d),
          },
        );
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Expand through relations and back-relations.
// ---------------------------------------------------------------------------------------------

const noBC = [...traces(B), ...traces(C)];
const noAC = [...traces(A), ...traces(C)];

const expandRows: Row[] = [
  {
    name: 'ownerA views A item expanding section.menu.organization and tags: A only',
    method: 'GET',
    url: withQuery(rec('items', A.item), { expand: 'section.menu.organization,tags' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.section, A.menu, '{{ORG_A}}', A.tag, 'Org SECRET-A', 'Tag SECRET-A'],
    notExpectedContent: noBC,
  },
  {
    name: 'ownerA lists items expanding section.menu.organization and tags: A only',
    method: 'GET',
    url: list('items', { expand: 'section.menu.organization,tags' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.item, 'Org SECRET-A'],
    notExpectedContent: noBC,
  },
  {
    name: 'ownerA views A menu expanding sections_via_menu.items_via_section: A only',
    method: 'GET',
    url: withQuery(rec('menus', A.menu), { expand: 'sections_via_menu.items_via_section.tags,organization' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.section, A.item, A.tag, '"sections_via_menu"', '"items_via_section"'],
    notExpectedContent: noBC,
  },
  {
    name: 'ownerA views A organization expanding every back-relation: A only',
    method: 'GET',
    url: withQuery(rec('organizations', '{{ORG_A}}'), {
      expand:
        'venues_via_organization,menus_via_organization.sections_via_menu.items_via_section,tags_via_organization,menu_uploads_via_organization,memberships_via_organization.user,help_requests_via_organization',
    }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.venue, A.menu, A.section, A.item, A.tag, A.upload, A.help, '{{M_OWNER_A}}', EXTRA.memEditorA],
    notExpectedContent: noBC,
  },
  {
    name: 'ownerA lists venues expanding organization, menus and originalMenu: A only',
    method: 'GET',
    url: list('venues', { expand: 'organization,menus.sections_via_menu,originalMenu' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.venue, A.menu, A.upload, A.section],
    notExpectedContent: noBC,
  },
  {
    name: 'ownerB lists menus expanding sections_via_menu.items_via_section: B only',
    method: 'GET',
    url: list('menus', { expand: 'sections_via_menu.items_via_section,organization' }),
    as: 'ownerB',
    expectedStatus: 200,
    expectedContent: [B.menu, B.section, B.item],
    notExpectedContent: noAC,
  },
  {
    name: 'ownerB views B organization expanding members and their users: B only',
    method: 'GET',
    url: withQuery(rec('organizations', '{{ORG_B}}'), { expand: 'memberships_via_organization.user,venues_via_organization' }),
    as: 'ownerB',
    expectedStatus: 200,
    expectedContent: ['{{M_OWNER_B}}', EXTRA.memEditorB, B.venue],
    notExpectedContent: noAC,
  },
  {
    name: 'ownerA views own user expanding currentOrganization and memberships_via_user.organization: A only',
    method: 'GET',
    url: withQuery(rec('users', USERS.ownerA), { expand: 'currentOrganization,memberships_via_user.organization,help_requests_via_user' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: ['Org SECRET-A', '{{M_OWNER_A}}', A.help],
    notExpectedContent: noBC,
  },
  {
    name: 'ownerA views A help request expanding user and organization: A only',
    method: 'GET',
    url: withQuery(rec('help_requests', A.help), { expand: 'user,organization' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.help, 'Org SECRET-A', 'Owner SECRET-A'],
    notExpectedContent: noBC,
  },
  {
    name: "editorA lists memberships expanding user: only editorA's own user record expands",
    method: 'GET',
    url: list('memberships', { expand: 'user,organization' }),
    as: 'editorA',
    expectedStatus: 200,
    expectedContent: [EXTRA.memEditorA, '{{M_OWNER_A}}', 'Org SECRET-A'],
    notExpectedContent: [...noBC, 'Owner SECRET-A', 'ownera@example.com'],
  },
  {
    name: 'ownerA views A item expanding optionGroups and their options: A only',
    method: 'GET',
    url: withQuery(rec('items', A.item), { expand: 'optionGroups.options_via_group,optionGroups.organization' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.group, A.option, 'Group SECRET-A', 'Option SECRET-A', 'Org SECRET-A'],
    notExpectedContent: noBC,
  },
  {
    name: 'ownerB lists options expanding group.organization: B only',
    method: 'GET',
    url: list('options', { expand: 'group.organization' }),
    as: 'ownerB',
    expectedStatus: 200,
    expectedContent: [B.option, B.group, 'Org SECRET-B'],
    notExpectedContent: noAC,
  },
  {
    name: 'strangerA lists options and groups with every expand: nothing of A or B',
    method: 'GET',
    url: list('options', { expand: 'group.organization,group.items_via_optionGroups' }),
    as: 'strangerA',
    expectedStatus: 200,
    expectedContent: [NONE],
    notExpectedContent: [...traces(A), ...traces(B)],
  },
  {
    name: 'strangerA lists tags, menus and items with every expand: nothing of A or B',
    method: 'GET',
    url: list('items', { expand: 'section.menu.organization,tags' }),
    as: 'strangerA',
    expectedStatus: 200,
    expectedContent: [NONE],
    notExpectedContent: [...traces(A), ...traces(B)],
  },
];

/**
 * A cross-organization link (support points an A upload at B's menu, after the read matrix):
 * expanding it must not reveal B's menu, and filters through it must not reveal B's fields.
 */
const linkRows: Row[] = [
  {
    name: 'support links an A upload to B menu (setup)',
    method: 'PATCH',
    url: rec('menu_uploads', EXTRA.uploadA3),
    as: 'superuser',
    body: { menu: B.menu },
    expectedStatus: 200,
    expectedContent: [`"menu":"${B.menu}"`],
  },
  {
    name: 'ownerA views A upload whose menu was linked to B by support: B menu not expanded',
    method: 'GET',
    url: withQuery(rec('menu_uploads', EXTRA.uploadA3), { expand: 'menu,organization' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [EXTRA.uploadA3, 'Org SECRET-A'],
    notExpectedContent: ['SECRET-B', '{{ORG_B}}', '"menu":{'],
  },
  {
    name: 'ownerA lists uploads expanding menu.sections_via_menu.items_via_section: nothing of B expanded',
    method: 'GET',
    url: list('menu_uploads', { expand: 'menu.sections_via_menu.items_via_section,organization' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [EXTRA.uploadA3, A.upload],
    notExpectedContent: ['SECRET-B', B.section, B.item, '"menu":{', '{{ORG_B}}'],
  },
  {
    name: 'ownerA filters the linked upload by B menu name: no answer about B',
    method: 'GET',
    url: where('menu_uploads', `id = "${EXTRA.uploadA3}" && menu.name = "Menu SECRET-B"`),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'ownerA filters the linked upload by B organization status: no answer about B',
    method: 'GET',
    url: where(
      'menu_uploads',
      `id = "${EXTRA.uploadA3}" && menu.organization.subscriptionStatus = "active" && menu.organization.name ~ "SECRET-B"`,
    ),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'ownerA filters the linked upload by B item names (back-relations): no answer about B',
    method: 'GET',
    url: where('menu_uploads', `id = "${EXTRA.uploadA3}" && menu.sections_via_menu.items_via_section.name ?= "Item SECRET-B"`),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
];

// ---------------------------------------------------------------------------------------------
// Files: public logos, protected PDFs behind file tokens.
// ---------------------------------------------------------------------------------------------

const PDF_HEAD = '%PDF-1.4';

const fileRows: Row[] = [
  {
    name: 'guest downloads A venue logo: public by design',
    method: 'GET',
    url: fileUrl('venues', A.venue, A.logo),
    as: 'guest',
    expectedStatus: 200,
    expectedHeaders: { 'content-type': 'image/png' },
  },
  {
    name: 'ownerB downloads A venue logo: public by design',
    method: 'GET',
    url: fileUrl('venues', A.venue, A.logo),
    as: 'ownerB',
    expectedStatus: 200,
    expectedHeaders: { 'content-type': 'image/png' },
  },
  {
    name: 'guest downloads A logo thumbnail',
    method: 'GET',
    url: `${fileUrl('venues', A.venue, A.logo)}?thumb=128x128`,
    as: 'guest',
    expectedStatus: 200,
    expectedHeaders: { 'content-type': 'image/png' },
  },
  {
    name: 'A logo requested under B venue id: 404',
    method: 'GET',
    url: fileUrl('venues', B.venue, A.logo),
    as: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'file token without auth: 401',
    method: 'POST',
    url: '/api/files/token',
    as: 'guest',
    expectedStatus: 401,
    expectedContent: ['The request requires valid record authorization token.'],
  },
  {
    name: 'file token for editorA',
    method: 'POST',
    url: '/api/files/token',
    as: 'editorA',
    expectedStatus: 200,
    expectedContent: ['"token":"'],
  },
  {
    name: 'A PDF without token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf),
    as: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with ownerA auth header but no file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf),
    as: 'ownerA',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with editorA auth token passed as file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{AUTH_EDITOR_A}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with ownerB file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_OWNER_B}}'),
    as: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with editorB file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_EDITOR_B}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with stranger file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_STRANGER}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with lapsed (C) file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_LAPSED}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with unverified A member file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_UNVERIFIED}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with a garbage token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, 'not-a-token'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with editorA file token: 200',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_EDITOR_A}}'),
    as: 'guest',
    expectedStatus: 200,
    expectedContent: [PDF_HEAD, 'SECRET-A'],
    expectedHeaders: { 'content-type': 'application/pdf' },
  },
  {
    name: 'A PDF with ownerA file token: 200',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_OWNER_A}}'),
    as: 'guest',
    expectedStatus: 200,
    expectedContent: [PDF_HEAD],
  },
  {
    name: 'A PDF with superuser file token: 200',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_SUPERUSER}}'),
    as: 'guest',
    expectedStatus: 200,
    expectedContent: [PDF_HEAD],
  },
  {
    name: 'B PDF with ownerA file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', B.upload, B.pdf, '{{FT_OWNER_A}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'B PDF with editorA file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', B.upload, B.pdf, '{{FT_EDITOR_A}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'B PDF with editorB file token: 200',
    method: 'GET',
    url: fileUrl('menu_uploads', B.upload, B.pdf, '{{FT_EDITOR_B}}'),
    as: 'guest',
    expectedStatus: 200,
    expectedContent: [PDF_HEAD, 'SECRET-B'],
  },
  {
    name: 'B PDF fetched through A upload id with ownerA file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, B.pdf, '{{FT_OWNER_A}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
  {
    name: 'C PDF with lapsed file token: 200 (reads still work)',
    method: 'GET',
    url: fileUrl('menu_uploads', C.upload, C.pdf, '{{FT_LAPSED}}'),
    as: 'guest',
    expectedStatus: 200,
    expectedContent: [PDF_HEAD, 'SECRET-C'],
  },
  {
    name: 'C PDF with ownerA file token: 404',
    method: 'GET',
    url: fileUrl('menu_uploads', C.upload, C.pdf, '{{FT_OWNER_A}}'),
    as: 'guest',
    expectedStatus: 404,
    notExpectedContent: [PDF_HEAD],
  },
];

// ---------------------------------------------------------------------------------------------
// Guests, plans, superusers, the unverified member.
// ---------------------------------------------------------------------------------------------

const venueBody = (org: string, name: string) => ({ organization: org, name, timezone: 'Europe/Vienna', primaryColor: '#123456' });
const itemBody = (section: string, name: string) => ({ section, name, prices: [{ label: '', amount: 950 }] });
const pdfForm = (org: string, name: string) => async () => {
  const form = new FormData();
  form.append('organization', fill(org));
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(minimalPdf(name))], { type: 'application/pdf' }), 'intruder.pdf');
  return form;
};
const logoForm = (org: string, name: string) => async () => {
  const form = new FormData();
  for (const [k, v] of Object.entries(venueBody(fill(org), name))) form.append(k, v);
  form.append('logo', new Blob([new Uint8Array(await pngLogo('#ff00ff'))], { type: 'image/png' }), 'logo.png');
  return form;
};

const everyoneRows: Row[] = [
  {
    name: 'guest lists plans: the pricing table is public',
    method: 'GET',
    url: list('plans'),
    as: 'guest',
    expectedStatus: 200,
    expectedContent: ['"code":"tenancy-plan"', EXTRA.plan],
    notExpectedContent: ['price_hidden_starter'],
  },
  {
    name: 'guest views a plan',
    method: 'GET',
    url: rec('plans', EXTRA.plan),
    as: 'guest',
    expectedStatus: 200,
    expectedContent: ['"name":"Tenancy Plan"'],
  },
  {
    name: 'ownerA cannot create a plan: 403',
    method: 'POST',
    url: rec('plans'),
    as: 'ownerA',
    body: { code: 'free', name: 'Free' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'guest cannot create a venue in A',
    method: 'POST',
    url: rec('venues'),
    as: 'guest',
    body: venueBody(A.org, `Venue ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'guest cannot create a tag in B',
    method: 'POST',
    url: rec('tags'),
    as: 'guest',
    body: { organization: B.org, name: INTRUDER },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'guest cannot update A menu',
    method: 'PATCH',
    url: rec('menus', A.menu),
    as: 'guest',
    body: { name: INTRUDER },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'guest cannot delete B item',
    method: 'DELETE',
    url: rec('items', B.item),
    as: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'guest cannot create a membership in A: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'guest',
    body: { organization: A.org, user: USERS.newbie2, role: 'owner' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'guest cannot create a help request for A',
    method: 'POST',
    url: rec('help_requests'),
    as: 'guest',
    body: { user: USERS.ownerA, organization: A.org, title: INTRUDER, description: 'Guest pretending to be ownerA' },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED],
  },

  {
    name: 'superuser lists organizations: A, B and C',
    method: 'GET',
    url: list('organizations'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['{{ORG_A}}', '{{ORG_B}}', '{{ORG_C}}', 'stripeCustomerId'],
  },
  {
    name: 'superuser lists venues: A, B and C',
    method: 'GET',
    url: list('venues'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [A.venue, B.venue, C.venue],
  },
  {
    name: 'superuser lists items: A, B and C',
    method: 'GET',
    url: list('items', { expand: 'section.menu.organization' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [A.item, B.item, C.item, 'Org SECRET-A', 'Org SECRET-B'],
  },
  {
    name: 'superuser lists memberships of A and B',
    method: 'GET',
    url: where('memberships', 'organization = "{{ORG_A}}" || organization = "{{ORG_B}}"'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['{{M_OWNER_A}}', '{{M_OWNER_B}}', EXTRA.memEditorA, EXTRA.memEditorB],
  },
  {
    name: 'superuser lists help requests of both owners',
    method: 'GET',
    url: list('help_requests'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [A.help, B.help, C.help],
  },
  {
    name: 'superuser views B upload',
    method: 'GET',
    url: rec('menu_uploads', B.upload),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['{{PDF_B}}'],
  },

  {
    name: 'unverified member of A views A venue: 404',
    method: 'GET',
    url: rec('venues', A.venue),
    as: 'unverified',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'unverified member of A views A organization: 404',
    method: 'GET',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'unverified',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'unverified member of A views A item: 404',
    method: 'GET',
    url: rec('items', A.item),
    as: 'unverified',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'unverified member of A creates a venue in A: 400',
    method: 'POST',
    url: rec('venues'),
    as: 'unverified',
    body: venueBody(A.org, `Venue ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'unverified member of A creates a tag in A: 400',
    method: 'POST',
    url: rec('tags'),
    as: 'unverified',
    body: { organization: A.org, name: INTRUDER },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'unverified member of A creates a section in A menu: 400',
    method: 'POST',
    url: rec('sections'),
    as: 'unverified',
    body: { menu: A.menu, name: INTRUDER },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'unverified member of A updates A menu: 404',
    method: 'PATCH',
    url: rec('menus', A.menu),
    as: 'unverified',
    body: { name: INTRUDER },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'unverified member of A deletes A tag: 404',
    method: 'DELETE',
    url: rec('tags', A.tag),
    as: 'unverified',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'unverified member of A adds a member to A: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'unverified',
    body: { organization: A.org, user: USERS.newbie2, role: 'editor' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
];

// ---------------------------------------------------------------------------------------------
// Writes across organizations: create into, update, move to, link to and delete in another org.
// ---------------------------------------------------------------------------------------------

const crossCreateRows: Row[] = [
  {
    name: 'ownerA creates a venue in B: 400',
    method: 'POST',
    url: rec('venues'),
    as: 'ownerA',
    body: venueBody(B.org, `Venue ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates a venue with a logo in B (multipart): 400',
    method: 'POST',
    url: rec('venues'),
    as: 'ownerA',
    form: logoForm(B.org, `Logo venue ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates a tag in B: 400',
    method: 'POST',
    url: rec('tags'),
    as: 'ownerA',
    body: { organization: B.org, name: `Tag ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates a menu in B: 400',
    method: 'POST',
    url: rec('menus'),
    as: 'ownerA',
    body: { organization: B.org, name: `Menu ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates a section in B menu: 400',
    method: 'POST',
    url: rec('sections'),
    as: 'ownerA',
    body: { menu: B.menu, name: `Section ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates an item in B section: 400',
    method: 'POST',
    url: rec('items'),
    as: 'ownerA',
    body: itemBody(B.section, `Item ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates an upload in B (multipart PDF): 400',
    method: 'POST',
    url: rec('menu_uploads'),
    as: 'ownerA',
    form: pdfForm(B.org, `Upload ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates a help request for B organization: 400',
    method: 'POST',
    url: rec('help_requests'),
    as: 'ownerA',
    body: { user: USERS.ownerA, organization: B.org, title: `Help ${INTRUDER}`, description: 'Filed against another organization' },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates a help request as ownerB: 400',
    method: 'POST',
    url: rec('help_requests'),
    as: 'ownerA',
    body: { user: USERS.ownerB, title: `Help ${INTRUDER}`, description: 'Filed in the name of another user' },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA adds themself to B as owner: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'ownerA',
    body: { organization: B.org, user: USERS.ownerA, role: 'owner' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'ownerA adds a member to B: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'ownerA',
    body: { organization: B.org, user: USERS.newbie2, role: 'editor' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'editorA creates a menu in B: 400',
    method: 'POST',
    url: rec('menus'),
    as: 'editorA',
    body: { organization: B.org, name: `Menu ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerB creates a venue in A: 400',
    method: 'POST',
    url: rec('venues'),
    as: 'ownerB',
    body: venueBody(A.org, `Venue ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerB creates an item in A section: 400',
    method: 'POST',
    url: rec('items'),
    as: 'ownerB',
    body: itemBody(A.section, `Item ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerB creates a section in A menu: 400',
    method: 'POST',
    url: rec('sections'),
    as: 'ownerB',
    body: { menu: A.menu, name: `Section ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerB creates a tag in A: 400',
    method: 'POST',
    url: rec('tags'),
    as: 'ownerB',
    body: { organization: A.org, name: `Tag ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'strangerA creates a venue in A: 400',
    method: 'POST',
    url: rec('venues'),
    as: 'strangerA',
    body: venueBody(A.org, `Venue ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'strangerA creates an item in A section: 400',
    method: 'POST',
    url: rec('items'),
    as: 'strangerA',
    body: itemBody(A.section, `Item ${INTRUDER}`),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates an option group in B: 400',
    method: 'POST',
    url: rec('option_groups'),
    as: 'ownerA',
    body: { organization: B.org, name: `Group ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'editorA creates an option in B group: 400',
    method: 'POST',
    url: rec('options'),
    as: 'editorA',
    body: { group: B.group, name: `Option ${INTRUDER}`, priceDelta: 100 },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerB creates an option in lapsed C group: 400',
    method: 'POST',
    url: rec('options'),
    as: 'ownerB',
    body: { group: C.group, name: `Option ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA creates an item in own section with B option group: 400',
    method: 'POST',
    url: rec('items'),
    as: 'ownerA',
    body: { ...itemBody(A.section, `Item ${INTRUDER}`), optionGroups: [A.group, B.group] },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, '"optionGroups":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA creates an item in own section with B tag: 400',
    method: 'POST',
    url: rec('items'),
    as: 'ownerA',
    body: { ...itemBody(A.section, `Item ${INTRUDER}`), tags: [B.tag] },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, '"tags":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA creates a venue in A listing B menu: 400',
    method: 'POST',
    url: rec('venues'),
    as: 'ownerA',
    body: { ...venueBody(A.org, `Venue ${INTRUDER}`), menus: [B.menu] },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, '"menus":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA creates a venue in A with B upload as original menu: 400',
    method: 'POST',
    url: rec('venues'),
    as: 'ownerA',
    body: { ...venueBody(A.org, `Venue ${INTRUDER}`), originalMenu: B.upload },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, '"originalMenu":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA creates an upload in A linked to B menu: 400',
    method: 'POST',
    url: rec('menu_uploads'),
    as: 'ownerA',
    form: async () => {
      const f = await pdfForm(A.org, `Upload ${INTRUDER}`)();
      f.append('menu', B.menu);
      return f;
    },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED],
  },
];

/** After the refused writes: nothing named INTRUDER exists anywhere (superuser view). */
const noIntruderRows: Row[] = (
  [
    'venues',
    'tags',
    'menus',
    'sections',
    'items',
    'option_groups',
    'options',
    'menu_uploads',
    'help_requests',
    'organizations',
    'memberships',
  ] as const
).map((c) => ({
  name: `superuser finds no ${c} record written by a refused request`,
  method: 'GET',
  as: 'superuser',
  url: where(
    c,
    c === 'help_requests'
      ? `title ~ "${INTRUDER}"`
      : c === 'memberships'
        ? `user = "${USERS.newbie2}" && organization != "{{ORG_NEWBIE2_OWN}}"`
        : `name ~ "${INTRUDER}"`,
  ),
  expectedStatus: 200,
  expectedContent: [NONE],
}));

const crossUpdateRows: Row[] = [
  ...(['venues', 'tags', 'menus', 'sections', 'items', 'option_groups', 'options', 'menu_uploads'] as const).flatMap((c): Row[] => {
    const id = {
      venues: B.venue,
      tags: B.tag,
      menus: B.menu,
      sections: B.section,
      items: B.item,
      option_groups: B.group,
      options: B.option,
      menu_uploads: B.upload,
    }[c];
    return [
      {
        name: `ownerA updates B ${c}: 404`,
        method: 'PATCH',
        url: rec(c, id),
        as: 'ownerA',
        body: { name: INTRUDER },
        expectedStatus: 404,
        expectedContent: [NOT_FOUND],
        notExpectedContent: ['SECRET-B'],
      },
      {
        name: `editorA updates B ${c}: 404`,
        method: 'PATCH',
        url: rec(c, id),
        as: 'editorA',
        body: { name: INTRUDER },
        expectedStatus: 404,
        expectedContent: [NOT_FOUND],
      },
      {
        name: `strangerA updates B ${c}: 404`,
        method: 'PATCH',
        url: rec(c, id),
        as: 'strangerA',
        body: { name: INTRUDER },
        expectedStatus: 404,
        expectedContent: [NOT_FOUND],
      },
      {
        name: `B ${c} is unchanged after the refused updates`,
        method: 'GET',
        url: rec(c, id),
        as: 'superuser',
        expectedStatus: 200,
        expectedContent: ['SECRET-B'],
        notExpectedContent: [INTRUDER],
      },
    ];
  }),
  {
    name: 'ownerA updates B organization: 404',
    method: 'PATCH',
    url: rec('organizations', '{{ORG_B}}'),
    as: 'ownerA',
    body: { name: INTRUDER },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA updates B membership role: 404',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memEditorB),
    as: 'ownerA',
    body: { role: 'owner' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA updates ownerB user: 404',
    method: 'PATCH',
    url: rec('users', USERS.ownerB),
    as: 'ownerA',
    body: { name: INTRUDER },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA updates B help request: 403 (support only)',
    method: 'PATCH',
    url: rec('help_requests', B.help),
    as: 'ownerA',
    body: { title: INTRUDER },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'B organization, user and help request are unchanged',
    method: 'GET',
    url: list('organizations', { filter: 'id = "{{ORG_B}}"', expand: 'memberships_via_organization.user,help_requests_via_organization' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['Org SECRET-B', 'Owner SECRET-B', 'Help SECRET-B'],
    notExpectedContent: [INTRUDER],
  },
  {
    name: 'B editor membership is still an editor',
    method: 'GET',
    url: rec('memberships', EXTRA.memEditorB),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"role":"editor"', '"organization":"{{ORG_B}}"'],
  },
  // B's item moved into A's section from A's side: the update rule is evaluated on B's record.
  {
    name: 'ownerA moves B item into A section: 404',
    method: 'PATCH',
    url: rec('items', B.item),
    as: 'ownerA',
    body: { section: A.section },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves B section into A menu: 404',
    method: 'PATCH',
    url: rec('sections', B.section),
    as: 'ownerA',
    body: { menu: A.menu },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves B venue into A: 404',
    method: 'PATCH',
    url: rec('venues', B.venue),
    as: 'ownerA',
    body: { organization: A.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'B item and section stay in B',
    method: 'GET',
    url: withQuery(rec('items', B.item), { expand: 'section.menu' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"section":"${B.section}"`, `"menu":"${B.menu}"`],
  },
  {
    name: 'B venue stays in B',
    method: 'GET',
    url: rec('venues', B.venue),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"organization":"{{ORG_B}}"'],
  },
];

/** Own records of A moved (or linked) into B: refused, and nothing changes. */
const moveRows: Row[] = [
  {
    name: 'ownerA moves A venue to B: 404',
    method: 'PATCH',
    url: rec('venues', A.venue),
    as: 'ownerA',
    body: { organization: B.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A tag to B: 404',
    method: 'PATCH',
    url: rec('tags', A.tag),
    as: 'ownerA',
    body: { organization: B.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A menu to B: 404',
    method: 'PATCH',
    url: rec('menus', A.menu),
    as: 'ownerA',
    body: { organization: B.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A upload to B: 404',
    method: 'PATCH',
    url: rec('menu_uploads', A.upload),
    as: 'ownerA',
    body: { organization: B.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A section into B menu: 404',
    method: 'PATCH',
    url: rec('sections', A.section),
    as: 'ownerA',
    body: { menu: B.menu },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A item into B section: 404',
    method: 'PATCH',
    url: rec('items', A.item),
    as: 'ownerA',
    body: { section: B.section },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A item into lapsed C section: 404',
    method: 'PATCH',
    url: rec('items', A.item),
    as: 'ownerA',
    body: { section: C.section },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A membership to B: 404',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memEditorA),
    as: 'ownerA',
    body: { organization: B.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA swaps the user of an A membership to ownerB: 404',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memEditorA),
    as: 'ownerA',
    body: { user: USERS.ownerB },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA links B menu to A venue: 400',
    method: 'PATCH',
    url: rec('venues', A.venue),
    as: 'ownerA',
    body: { menus: [A.menu, B.menu] },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"menus":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA sets B upload as A venue original menu: 400',
    method: 'PATCH',
    url: rec('venues', A.venue),
    as: 'ownerA',
    body: { originalMenu: B.upload },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"originalMenu":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA tags A item with B tag: 400',
    method: 'PATCH',
    url: rec('items', A.item),
    as: 'ownerA',
    body: { tags: [A.tag, B.tag] },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"tags":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA links B option group to A item: 400',
    method: 'PATCH',
    url: rec('items', A.item),
    as: 'ownerA',
    body: { optionGroups: [A.group, B.group] },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"optionGroups":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'editorA appends B option group to A item (optionGroups+): 400',
    method: 'PATCH',
    url: rec('items', A.item),
    as: 'editorA',
    body: { 'optionGroups+': B.group },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"optionGroups":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA moves A option group to B: 404',
    method: 'PATCH',
    url: rec('option_groups', A.group),
    as: 'ownerA',
    body: { organization: B.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves A option into B group: 404',
    method: 'PATCH',
    url: rec('options', A.option),
    as: 'ownerA',
    body: { group: B.group },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA moves B option into A group: 404',
    method: 'PATCH',
    url: rec('options', B.option),
    as: 'ownerA',
    body: { group: A.group },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'A option and group are unchanged (group, organization)',
    method: 'GET',
    url: withQuery(rec('options', A.option), { expand: 'group' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"group":"${A.group}"`, '"organization":"{{ORG_A}}"'],
  },
  {
    name: 'ownerA links own second option group to A item: 200',
    method: 'POST',
    url: rec('option_groups'),
    as: 'ownerA',
    body: { id: 'agroup000000002', organization: A.org, name: 'Second group SECRET-A' },
    expectedStatus: 200,
    then: [
      {
        name: 'ownerA links the second group after the first: 200, in that order',
        method: 'PATCH',
        url: rec('items', A.item),
        as: 'ownerA',
        body: { optionGroups: [A.group, 'agroup000000002'] },
        expectedStatus: 200,
        expectedContent: [`"optionGroups":["${A.group}","agroup000000002"]`],
      },
    ],
  },
  {
    name: 'ownerA links A upload to B menu: 400',
    method: 'PATCH',
    url: rec('menu_uploads', EXTRA.uploadA2),
    as: 'ownerA',
    body: { menu: B.menu },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED],
  },
  {
    name: 'A venue is unchanged (organization, menus, original menu)',
    method: 'GET',
    url: rec('venues', A.venue),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"organization":"{{ORG_A}}"', `"menus":["${A.menu}"]`, `"originalMenu":"${A.upload}"`],
  },
  {
    name: 'A tag is unchanged',
    method: 'GET',
    url: rec('tags', A.tag),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"organization":"{{ORG_A}}"'],
  },
  {
    name: 'A menu is unchanged',
    method: 'GET',
    url: rec('menus', A.menu),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"organization":"{{ORG_A}}"'],
  },
  {
    name: 'A upload is unchanged',
    method: 'GET',
    url: rec('menu_uploads', A.upload),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"organization":"{{ORG_A}}"'],
  },
  {
    name: 'A section is unchanged',
    method: 'GET',
    url: rec('sections', A.section),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"menu":"${A.menu}"`],
  },
  {
    name: 'A item is unchanged (section, tags)',
    method: 'GET',
    url: rec('items', A.item),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"section":"${A.section}"`, `"tags":["${A.tag}"]`],
  },
  {
    name: 'A membership is unchanged',
    method: 'GET',
    url: rec('memberships', EXTRA.memEditorA),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"organization":"{{ORG_A}}"', `"user":"${USERS.editorA}"`, '"role":"editor"'],
  },
  {
    name: 'spare A upload is not linked to B menu',
    method: 'GET',
    url: rec('menu_uploads', EXTRA.uploadA2),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"menu":""'],
    notExpectedContent: [B.menu],
  },
  {
    name: 'ownerA cannot use a self-made menu link to probe B menu names through a filter',
    method: 'GET',
    url: where('menu_uploads', `id = "${EXTRA.uploadA2}" && menu.name = "Menu SECRET-B"`),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  // Positive control: moving within the organization works.
  {
    name: 'ownerA moves spare A item into the second A section: 200',
    method: 'PATCH',
    url: rec('items', EXTRA.itemA2),
    as: 'ownerA',
    body: { section: EXTRA.sectionA2 },
    expectedStatus: 200,
    expectedContent: [`"section":"${EXTRA.sectionA2}"`],
  },
];

const crossDeleteRows: Row[] = [
  ...(
    [
      ['venues', B.venue],
      ['tags', B.tag],
      ['menus', B.menu],
      ['sections', B.section],
      ['items', B.item],
      ['option_groups', B.group],
      ['options', B.option],
      ['venue_items', B.venueItem],
      ['venue_options', B.venueOption],
      ['menu_uploads', B.upload],
      ['memberships', EXTRA.memEditorB],
      ['memberships', '{{M_OWNER_B}}'],
      ['organizations', '{{ORG_B}}'],
      ['users', USERS.ownerB],
    ] as const
  ).flatMap(([c, id]): Row[] => [
    {
      name: `ownerA deletes B ${c} ${id}: 404`,
      method: 'DELETE',
      url: rec(c, id),
      as: 'ownerA',
      expectedStatus: 404,
      expectedContent: [NOT_FOUND],
    },
    {
      name: `strangerA deletes B ${c} ${id}: 404`,
      method: 'DELETE',
      url: rec(c, id),
      as: 'strangerA',
      expectedStatus: 404,
      expectedContent: [NOT_FOUND],
    },
    {
      name: `B ${c} ${id} is still there`,
      method: 'GET',
      url: rec(c, id),
      as: 'superuser',
      expectedStatus: 200,
      expectedContent: [`"id":"${id}"`],
    },
  ]),
  {
    name: 'ownerA deletes B help request: 403 (support only)',
    method: 'DELETE',
    url: rec('help_requests', B.help),
    as: 'ownerA',
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'ownerB deletes A item: 404',
    method: 'DELETE',
    url: rec('items', A.item),
    as: 'ownerB',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'editorB deletes A section: 404',
    method: 'DELETE',
    url: rec('sections', A.section),
    as: 'editorB',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'A item and section are still there',
    method: 'GET',
    url: withQuery(rec('items', A.item), { expand: 'section' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [A.item, `"id":"${A.section}"`],
  },
  {
    name: 'B item still has its tag and B menu its sections',
    method: 'GET',
    url: withQuery(rec('menus', B.menu), { expand: 'sections_via_menu.items_via_section.tags' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [B.section, B.item, B.tag],
  },
  {
    name: 'B item still has its option group, and the group its option',
    method: 'GET',
    url: withQuery(rec('items', B.item), { expand: 'optionGroups.options_via_group' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"optionGroups":["${B.group}"]`, B.option],
  },
  // Positive control: an owner deletes their own option (and its group).
  { name: 'ownerA deletes own option: 204', method: 'DELETE', url: rec('options', A.option), as: 'ownerA', expectedStatus: 204 },
  { name: 'ownerA deletes own option group: 204', method: 'DELETE', url: rec('option_groups', A.group), as: 'ownerA', expectedStatus: 204 },
  // Positive control: an owner deletes their own spare tag.
  { name: 'ownerA deletes own spare tag: 204', method: 'DELETE', url: rec('tags', EXTRA.tagA2), as: 'ownerA', expectedStatus: 204 },
];

// ---------------------------------------------------------------------------------------------
// Batch: all or nothing, never across organizations.
// ---------------------------------------------------------------------------------------------

const batchRows: Row[] = [
  {
    name: 'batch: own venue rename + B venue rename fails whole',
    method: 'POST',
    url: '/api/batch',
    as: 'ownerA',
    body: {
      requests: [
        { method: 'PATCH', url: rec('venues', A.venue), body: { name: 'Venue SECRET-A batch-renamed' } },
        { method: 'PATCH', url: rec('venues', B.venue), body: { name: INTRUDER } },
      ],
    },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED, '"requests":{"1":{"code":"batch_request_failed"', '"status":404'],
  },
  {
    name: 'batch rollback: A venue keeps its name',
    method: 'GET',
    url: rec('venues', A.venue),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"name":"Venue SECRET-A"'],
    notExpectedContent: ['batch-renamed'],
  },
  {
    name: 'batch: own tag create + tag create in B fails whole',
    method: 'POST',
    url: '/api/batch',
    as: 'ownerA',
    body: {
      requests: [
        { method: 'POST', url: rec('tags'), body: { id: EXTRA.batchTagA, organization: A.org, name: 'Batch tag SECRET-A' } },
        { method: 'POST', url: rec('tags'), body: { organization: B.org, name: INTRUDER } },
      ],
    },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED, '"1":{"code":"batch_request_failed"', CREATE_FAILED],
  },
  {
    name: 'batch rollback: the own tag was not created',
    method: 'GET',
    url: rec('tags', EXTRA.batchTagA),
    as: 'superuser',
    expectedStatus: 404,
  },
  {
    name: 'batch: own item update + B item delete fails whole',
    method: 'POST',
    url: '/api/batch',
    as: 'ownerA',
    body: {
      requests: [
        { method: 'PATCH', url: rec('items', A.item), body: { description: 'batch-touched' } },
        { method: 'DELETE', url: rec('items', B.item) },
      ],
    },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED, '"1":{"code":"batch_request_failed"'],
  },
  {
    name: 'batch rollback: A item untouched, B item still there',
    method: 'GET',
    url: where('items', `id = "${A.item}" || id = "${B.item}"`),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"totalItems":2'],
    notExpectedContent: ['batch-touched'],
  },
  {
    name: 'batch: upsert (PUT) of B tag id into A fails whole',
    method: 'POST',
    url: '/api/batch',
    as: 'ownerA',
    body: {
      requests: [
        { method: 'POST', url: rec('sections'), body: { menu: A.menu, name: 'Batch section SECRET-A' } },
        { method: 'PUT', url: rec('tags'), body: { id: B.tag, organization: A.org, name: INTRUDER } },
      ],
    },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED, '"1":{"code":"batch_request_failed"'],
  },
  {
    name: 'batch rollback: B tag unchanged, no batch section in A',
    method: 'GET',
    url: withQuery(rec('tags', B.tag), { expand: 'organization' }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"name":"Tag SECRET-B"', '"organization":"{{ORG_B}}"'],
    notExpectedContent: [INTRUDER],
  },
  {
    name: 'batch rollback: no batch section was created',
    method: 'GET',
    url: where('sections', 'name = "Batch section SECRET-A"'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'batch: section in B menu and item in B section as ownerA: fails',
    method: 'POST',
    url: '/api/batch',
    as: 'ownerA',
    body: {
      requests: [
        { method: 'POST', url: rec('sections'), body: { menu: B.menu, name: INTRUDER } },
        { method: 'POST', url: rec('items'), body: itemBody(B.section, INTRUDER) },
      ],
    },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED, '"0":{"code":"batch_request_failed"'],
  },
  {
    name: 'batch: expand in a sub-request never leaks B',
    method: 'POST',
    url: '/api/batch',
    as: 'ownerA',
    body: {
      requests: [
        {
          method: 'PATCH',
          url: `${rec('menu_uploads', EXTRA.uploadA3)}?expand=menu,organization`,
          body: { name: 'Linked upload SECRET-A (batch)' },
        },
      ],
    },
    expectedStatus: 200,
    expectedContent: ['Linked upload SECRET-A (batch)', 'Org SECRET-A'],
    notExpectedContent: ['SECRET-B', '"menu":{'],
  },
  {
    name: 'batch: only own writes succeed (positive control)',
    method: 'POST',
    url: '/api/batch',
    as: 'ownerA',
    body: {
      requests: [
        { method: 'PATCH', url: rec('tags', A.tag), body: { color: '#ff0000' } },
        { method: 'PATCH', url: rec('items', A.item), body: { description: 'Batch description SECRET-A' } },
      ],
    },
    expectedStatus: 200,
    expectedContent: ['#ff0000', 'Batch description SECRET-A'],
    notExpectedContent: ['SECRET-B'],
  },
];

// ---------------------------------------------------------------------------------------------
// Users, memberships and roles.
// ---------------------------------------------------------------------------------------------

const userRows: Row[] = [
  {
    name: 'ownerA lists users: only themself',
    method: 'GET',
    url: list('users'),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: ['"totalItems":1', USERS.ownerA, 'ownera@example.com'],
    notExpectedContent: [USERS.editorA, USERS.adminA, USERS.ownerB],
  },
  {
    name: 'editorA lists users: only themself',
    method: 'GET',
    url: list('users'),
    as: 'editorA',
    expectedStatus: 200,
    expectedContent: ['"totalItems":1', USERS.editorA],
    notExpectedContent: [USERS.ownerA, USERS.ownerB],
  },
  {
    name: 'ownerA views editorA (same organization): 404',
    method: 'GET',
    url: rec('users', USERS.editorA),
    as: 'ownerA',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA lists users filtered by email of ownerB: empty',
    method: 'GET',
    url: where('users', 'email = "ownerb@example.com"'),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'editorA sets currentOrganization to B (not a member): 404',
    method: 'PATCH',
    url: rec('users', USERS.editorA),
    as: 'editorA',
    body: { currentOrganization: B.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'strangerA sets currentOrganization to A (not a member): 404',
    method: 'PATCH',
    url: rec('users', USERS.strangerA),
    as: 'strangerA',
    body: { currentOrganization: A.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'lapsed sets currentOrganization to A: 404',
    method: 'PATCH',
    url: rec('users', USERS.lapsed),
    as: 'lapsed',
    body: { currentOrganization: A.org },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'editorA still works in their own organization',
    method: 'GET',
    url: rec('users', USERS.editorA),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"currentOrganization":"{{ORG_EDITOR_A_OWN}}"'],
  },
  {
    name: 'strangerA still works in their own organization',
    method: 'GET',
    url: rec('users', USERS.strangerA),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"currentOrganization":"{{ORG_S}}"'],
  },
  {
    name: 'editorA sets currentOrganization to A (a member): 200',
    method: 'PATCH',
    url: withQuery(rec('users', USERS.editorA), { expand: 'currentOrganization' }),
    as: 'editorA',
    body: { currentOrganization: A.org },
    expectedStatus: 200,
    expectedContent: ['"currentOrganization":"{{ORG_A}}"', 'Org SECRET-A'],
  },
  {
    name: 'editorA clears currentOrganization: 200',
    method: 'PATCH',
    url: rec('users', USERS.editorA),
    as: 'editorA',
    body: { currentOrganization: '' },
    expectedStatus: 200,
    expectedContent: ['"currentOrganization":""'],
  },
  {
    name: 'editorA sets currentOrganization back to A: 200',
    method: 'PATCH',
    url: rec('users', USERS.editorA),
    as: 'editorA',
    body: { currentOrganization: A.org },
    expectedStatus: 200,
    expectedContent: ['"currentOrganization":"{{ORG_A}}"'],
  },
  {
    name: 'sign-up with a foreign currentOrganization is refused: 400',
    method: 'POST',
    url: rec('users'),
    as: 'guest',
    body: {
      id: USERS.mallory,
      email: 'mallory@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Mallory',
      currentOrganization: B.org,
    },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED],
    notExpectedContent: ['{{ORG_B}}'],
  },
  {
    name: 'no user points at B without being a member of B',
    method: 'GET',
    url: where('users', 'email = "mallory@example.com" && currentOrganization = "{{ORG_B}}"'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'mallory reads B organization name through a currentOrganization filter: nothing',
    method: 'GET',
    url: where('users', 'currentOrganization.name = "Org SECRET-B"'),
    as: 'mallory',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'mallory reads B venue names through a currentOrganization back-relation filter: nothing',
    method: 'GET',
    url: where('users', 'currentOrganization.venues_via_organization.name ?~ "SECRET-B"'),
    as: 'mallory',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'mallory lists herself expanding currentOrganization: B not expanded',
    method: 'GET',
    url: list('users', { expand: 'currentOrganization.venues_via_organization' }),
    as: 'mallory',
    expectedStatus: 200,
    notExpectedContent: ['SECRET-B', B.venue],
  },
  {
    name: 'mallory lists venues and organizations: nothing of B',
    method: 'GET',
    url: list('venues', { expand: 'organization' }),
    as: 'mallory',
    expectedStatus: 200,
    expectedContent: [NONE],
    notExpectedContent: traces(B),
  },
  {
    name: 'ownerA deletes editorA user: 404',
    method: 'DELETE',
    url: rec('users', USERS.editorA),
    as: 'ownerA',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
];

const membershipRows: Row[] = [
  {
    name: 'editorA adds a member to A: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'editorA',
    body: { organization: A.org, user: USERS.newbie2, role: 'editor' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'editorA promotes themself to owner: 404',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memEditorA),
    as: 'editorA',
    body: { role: 'owner' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'editorA promotes themself to admin: 404',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memEditorA),
    as: 'editorA',
    body: { role: 'admin' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'editorA removes ownerA: 404',
    method: 'DELETE',
    url: rec('memberships', '{{M_OWNER_A}}'),
    as: 'editorA',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'editorA is still an editor',
    method: 'GET',
    url: rec('memberships', EXTRA.memEditorA),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"role":"editor"'],
  },
  {
    name: 'adminA appoints a new owner: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'adminA',
    body: { organization: A.org, user: USERS.newbie2, role: 'owner' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'adminA promotes editorA to owner: 404',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memEditorA),
    as: 'adminA',
    body: { role: 'owner' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'adminA promotes themself to owner: 404',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memAdminA),
    as: 'adminA',
    body: { role: 'owner' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'adminA adds a member to B: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'adminA',
    body: { organization: B.org, user: USERS.newbie2, role: 'editor' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'no owner was appointed in A by the refused requests',
    method: 'GET',
    url: where('memberships', 'organization = "{{ORG_A}}" && role = "owner"'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"totalItems":1', '{{M_OWNER_A}}'],
  },
  {
    name: 'newbie2 is in no foreign organization',
    method: 'GET',
    url: where('memberships', `user = "${USERS.newbie2}"`),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"totalItems":1', '{{ORG_NEWBIE2_OWN}}'],
  },
  // Members join only by accepting an invitation: nobody adds a user by id (superusers may).
  {
    name: 'ownerA adds newbie to A by user id: 403',
    method: 'POST',
    url: rec('memberships'),
    as: 'ownerA',
    body: { id: EXTRA.memNewbieA, organization: A.org, user: USERS.newbie, role: 'editor' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: "newbie is in no organization of ownerA's choosing",
    method: 'GET',
    url: where('memberships', `user = "${USERS.newbie}" && organization = "{{ORG_A}}"`),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'superuser adds newbie to A as editor: 200',
    method: 'POST',
    url: rec('memberships'),
    as: 'superuser',
    body: { id: EXTRA.memNewbieA, organization: A.org, user: USERS.newbie, role: 'editor' },
    expectedStatus: 200,
    expectedContent: [EXTRA.memNewbieA, '"role":"editor"'],
    then: [
      {
        name: 'newbie now reads A (and still nothing of B)',
        method: 'GET',
        url: list('venues'),
        as: 'newbie',
        expectedStatus: 200,
        expectedContent: [A.venue],
        notExpectedContent: traces(B),
      },
    ],
  },
  {
    name: 'superuser adds consultant (an editor of B) to A: 200',
    method: 'POST',
    url: rec('memberships'),
    as: 'superuser',
    body: { id: EXTRA.memConsultantA, organization: A.org, user: USERS.consultant, role: 'editor' },
    expectedStatus: 200,
    expectedContent: [EXTRA.memConsultantA],
    then: [
      {
        name: 'ownerA lists memberships expanding user.memberships_via_user.organization: nothing of B',
        method: 'GET',
        url: list('memberships', { expand: 'user.memberships_via_user.organization' }),
        as: 'ownerA',
        expectedStatus: 200,
        expectedContent: [EXTRA.memConsultantA],
        notExpectedContent: [...traces(B), EXTRA.memConsultantB],
      },
      {
        name: 'ownerA filters by the B organization name of a shared member: no answer about B',
        method: 'GET',
        url: where('memberships', `id = "${EXTRA.memConsultantA}" && user.memberships_via_user.organization.name ?= "Org SECRET-B"`),
        as: 'ownerA',
        expectedStatus: 200,
        expectedContent: [NONE],
      },
      {
        name: 'ownerA filters by B venue names through a shared member: no answer about B',
        method: 'GET',
        url: where(
          'memberships',
          `id = "${EXTRA.memConsultantA}" && user.memberships_via_user.organization.venues_via_organization.name ?~ "SECRET-B"`,
        ),
        as: 'ownerA',
        expectedStatus: 400,
        expectedContent: ['estimated row combinations'],
      }, // refused by the filter cost limit (core/filter/limits.ts)
      {
        name: 'ownerA filters by B item names through a shared member: no answer about B',
        method: 'GET',
        url: where(
          'memberships',
          `id = "${EXTRA.memConsultantA}" && user.memberships_via_user.organization.menus_via_organization.sections_via_menu.items_via_section.name ?= "Item SECRET-B"`,
        ),
        as: 'ownerA',
        expectedStatus: 400,
        expectedContent: ['estimated row combinations'],
      }, // refused by the filter cost limit (core/filter/limits.ts)
    ],
  },
  {
    name: 'ownerA filters by the own organization name of editorA (another tenant): no answer',
    method: 'GET',
    url: where('memberships', `id = "${EXTRA.memEditorA}" && user.memberships_via_user.organization.name ?= "Editor of A"`),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'ownerA demotes themself, the last owner: 400',
    method: 'PATCH',
    url: rec('memberships', '{{M_OWNER_A}}'),
    as: 'ownerA',
    body: { role: 'editor' },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, 'validation_last_owner'],
  },
  {
    name: 'ownerB, the last owner of B, cannot leave: 400',
    method: 'DELETE',
    url: rec('memberships', '{{M_OWNER_B}}'),
    as: 'ownerB',
    expectedStatus: 400,
    expectedContent: ['An organization needs at least one owner.'],
  },
  {
    name: 'B keeps its owner and A its owner',
    method: 'GET',
    url: where('memberships', 'id = "{{M_OWNER_A}}" || id = "{{M_OWNER_B}}"'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"totalItems":2', '"role":"owner"'],
    notExpectedContent: ['"role":"editor"'],
  },
  {
    name: 'editorB works in B (currentOrganization B): 200',
    method: 'PATCH',
    url: rec('users', USERS.editorB),
    as: 'editorB',
    body: { currentOrganization: B.org },
    expectedStatus: 200,
    expectedContent: ['"currentOrganization":"{{ORG_B}}"'],
    then: [
      {
        name: 'editorB leaves B: 204',
        method: 'DELETE',
        url: rec('memberships', EXTRA.memEditorB),
        as: 'editorB',
        expectedStatus: 204,
        then: [
          {
            name: 'editorB, no longer a member, sees nothing of B',
            method: 'GET',
            url: list('items'),
            as: 'editorB',
            expectedStatus: 200,
            expectedContent: [NONE],
            notExpectedContent: traces(B),
          },
          {
            name: 'editorB, after leaving B, files a help request: not attributed to B',
            method: 'POST',
            url: rec('help_requests'),
            as: 'editorB',
            body: { user: USERS.editorB, title: 'Left B', description: 'I left B and need help with my account.' },
            expectedStatus: 200,
            notExpectedContent: ['{{ORG_B}}'],
          },
          {
            name: 'B has no help request from a non-member',
            method: 'GET',
            url: where('help_requests', `organization = "{{ORG_B}}" && user != "${USERS.ownerB}"`),
            as: 'superuser',
            expectedStatus: 200,
            expectedContent: [NONE],
          },
        ],
      },
    ],
  },
];

const roleRows: Row[] = [
  {
    name: 'editorA edits A menu: 200',
    method: 'PATCH',
    url: rec('menus', A.menu),
    as: 'editorA',
    body: { description: 'Edited by the editor' },
    expectedStatus: 200,
    expectedContent: ['Edited by the editor'],
  },
  {
    name: 'editorA edits A item: 200',
    method: 'PATCH',
    url: rec('items', A.item),
    as: 'editorA',
    body: { description: 'Item edited by the editor', prices: [{ label: '', amount: 990 }] },
    expectedStatus: 200,
    expectedContent: ['"amount":990'],
  },
  {
    name: 'editorA adds a section to A menu: 200',
    method: 'POST',
    url: rec('sections'),
    as: 'editorA',
    body: { menu: A.menu, name: 'Desserts SECRET-A' },
    expectedStatus: 200,
    expectedContent: ['Desserts SECRET-A'],
  },
  {
    name: 'editorA renames A organization: 404',
    method: 'PATCH',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'editorA',
    body: { name: `Org ${INTRUDER}` },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'editorA deletes A organization: 404',
    method: 'DELETE',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'editorA',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'adminA deletes A organization: 404 (owners only)',
    method: 'DELETE',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'adminA',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'A organization keeps its name',
    method: 'GET',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"name":"Org SECRET-A"'],
  },
  {
    name: 'ownerA activates own subscription (billing field): 404',
    method: 'PATCH',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'ownerA',
    body: { subscriptionStatus: 'trialing' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'ownerA creates an organization with billing fields: 400',
    method: 'POST',
    url: rec('organizations'),
    as: 'ownerA',
    body: { name: `Org ${INTRUDER}`, subscriptionStatus: 'active' },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'ownerA renames A organization: 200',
    method: 'PATCH',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'ownerA',
    body: { name: 'Org SECRET-A renamed' },
    expectedStatus: 200,
    expectedContent: ['"name":"Org SECRET-A renamed"', '"subscriptionStatus":"active"'],
  },
  {
    name: 'adminA renames A organization: 200',
    method: 'PATCH',
    url: rec('organizations', '{{ORG_A}}'),
    as: 'adminA',
    body: { name: 'Org SECRET-A' },
    expectedStatus: 200,
    expectedContent: ['"name":"Org SECRET-A"'],
  },
];

// ---------------------------------------------------------------------------------------------
// The lapsed organization C: reads work, writes are refused, nothing changes.
// ---------------------------------------------------------------------------------------------

const cIds = { venues: C.venue, tags: C.tag, menus: C.menu, sections: C.section, items: C.item, menu_uploads: C.upload } as const;

const lapsedRows: Row[] = [
  {
    name: 'lapsed lists venues: 200 with C venue',
    method: 'GET',
    url: list('venues', { expand: 'menus,originalMenu' }),
    as: 'lapsed',
    expectedStatus: 200,
    expectedContent: [C.venue, C.menu, C.upload],
    notExpectedContent: [...traces(A), ...traces(B)],
  },
  {
    name: 'lapsed lists items: 200 with C item',
    method: 'GET',
    url: list('items', { expand: 'section.menu,tags' }),
    as: 'lapsed',
    expectedStatus: 200,
    expectedContent: [C.item, C.section, C.tag],
  },
  ...Object.entries(cIds).map(([c, id]): Row => ({
    name: `lapsed views C ${c}: 200`,
    method: 'GET',
    url: rec(c, id),
    as: 'lapsed',
    expectedStatus: 200,
    expectedContent: [`"id":"${id}"`, 'SECRET-C'],
  })),
  {
    name: 'lapsed creates a venue in C: 400',
    method: 'POST',
    url: rec('venues'),
    as: 'lapsed',
    body: venueBody(C.org, 'New venue SECRET-C'),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'lapsed creates a tag in C: 400',
    method: 'POST',
    url: rec('tags'),
    as: 'lapsed',
    body: { organization: C.org, name: 'New tag SECRET-C' },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'lapsed creates a menu in C: 400',
    method: 'POST',
    url: rec('menus'),
    as: 'lapsed',
    body: { organization: C.org, name: 'New menu SECRET-C' },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'lapsed creates a section in C menu: 400',
    method: 'POST',
    url: rec('sections'),
    as: 'lapsed',
    body: { menu: C.menu, name: 'New section SECRET-C' },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'lapsed creates an item in C section: 400',
    method: 'POST',
    url: rec('items'),
    as: 'lapsed',
    body: itemBody(C.section, 'New item SECRET-C'),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  {
    name: 'lapsed uploads a PDF in C: 400',
    method: 'POST',
    url: rec('menu_uploads'),
    as: 'lapsed',
    form: pdfForm(C.org, 'New upload SECRET-C'),
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
  },
  ...Object.entries(cIds).flatMap(([c, id]): Row[] => [
    {
      name: `lapsed updates C ${c}: 404`,
      method: 'PATCH',
      url: rec(c, id),
      as: 'lapsed',
      body: { name: 'Changed SECRET-C' },
      expectedStatus: 404,
      expectedContent: [NOT_FOUND],
    },
    {
      name: `lapsed deletes C ${c}: 404`,
      method: 'DELETE',
      url: rec(c, id),
      as: 'lapsed',
      expectedStatus: 404,
      expectedContent: [NOT_FOUND],
    },
    {
      name: `C ${c} is unchanged`,
      method: 'GET',
      url: rec(c, id),
      as: 'superuser',
      expectedStatus: 200,
      expectedContent: [`"id":"${id}"`],
      notExpectedContent: ['Changed SECRET-C'],
    },
  ]),
  {
    name: 'lapsed reactivates C subscription: 404',
    method: 'PATCH',
    url: rec('organizations', '{{ORG_C}}'),
    as: 'lapsed',
    body: { subscriptionStatus: 'active' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'lapsed batch of C writes fails whole',
    method: 'POST',
    url: '/api/batch',
    as: 'lapsed',
    body: { requests: [{ method: 'PATCH', url: rec('tags', C.tag), body: { name: 'Changed SECRET-C' } }] },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED],
  },
  {
    name: 'C is still past due and has exactly its original records',
    method: 'GET',
    url: withQuery(rec('organizations', '{{ORG_C}}'), {
      expand:
        'venues_via_organization,tags_via_organization,menus_via_organization.sections_via_menu.items_via_section,menu_uploads_via_organization',
    }),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"subscriptionStatus":"past_due"', C.venue, C.tag, C.menu, C.section, C.item, C.upload],
    notExpectedContent: ['New venue', 'New tag', 'New menu', 'New section', 'New item', 'New upload', 'Changed SECRET-C'],
  },
  {
    name: 'C still has exactly its two items (the dish and the set menu)',
    method: 'GET',
    url: where('items', 'section.menu.organization = "{{ORG_C}}"'),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"totalItems":2'],
  },
];

// ---------------------------------------------------------------------------------------------
// Auth routes: expand on auth responses shows only the caller's organization.
// ---------------------------------------------------------------------------------------------

const authRows: Row[] = [
  {
    name: 'ownerB signs in expanding memberships and current organization: B only',
    method: 'POST',
    url: '/api/collections/users/auth-with-password?expand=currentOrganization,memberships_via_user.organization',
    as: 'guest',
    body: { identity: 'ownerb@example.com', password: PASSWORD },
    expectedStatus: 200,
    expectedContent: ['"token":"', 'Org SECRET-B', '{{M_OWNER_B}}'],
    notExpectedContent: noAC,
  },
  {
    name: 'editorA refreshes auth expanding memberships: A and own organization only',
    method: 'POST',
    url: '/api/collections/users/auth-refresh?expand=memberships_via_user.organization.venues_via_organization',
    as: 'editorA',
    expectedStatus: 200,
    expectedContent: [EXTRA.memEditorA, 'Org SECRET-A', A.venue],
    notExpectedContent: noBC,
  },
];

/**
 * Venue overrides of items (issue 20, item 5): an override pairs a venue and an item of one
 * organization; no member pairs another organization's venue or item, reads, re-points or
 * deletes another organization's override.
 */
const venueItemRows: Row[] = [
  ...(
    [
      ['ownerA pairs own venue with B item', A.venue, B.item, 'ownerA'],
      ['ownerA pairs B venue with own item', B.venue, A.item, 'ownerA'],
      ['editorA creates an override in B', B.venue, B.item, 'editorA'],
      ['strangerA creates an override in A', A.venue, EXTRA.itemA2, 'strangerA'],
      ['unverified editor creates an override in A', A.venue, EXTRA.itemA2, 'unverified'],
      ['lapsed owner creates an override in own lapsed C', C.venue, C.item, 'lapsed'],
      ['guest creates an override in A', A.venue, EXTRA.itemA2, 'guest'],
    ] as const
  ).map(([what, venue, item, as]): Row => ({
    name: `${what}: 400`,
    method: 'POST',
    url: rec('venue_items'),
    as,
    body: { venue, item, available: false, prices: [{ label: INTRUDER, amount: 1 }] },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
    notExpectedContent: ['SECRET-B', 'SECRET-C'],
  })),
  {
    name: 'ownerA creates an override of the spare A item at A venue: 200',
    method: 'POST',
    url: rec('venue_items'),
    as: 'ownerA',
    body: { venue: A.venue, item: EXTRA.itemA2, available: false },
    expectedStatus: 200,
    expectedContent: [`"venue":"${A.venue}"`, `"item":"${EXTRA.itemA2}"`, '"available":false'],
    then: [
      {
        name: 'ownerB does not see the new A override',
        method: 'GET',
        url: where('venue_items', `item = "${EXTRA.itemA2}"`),
        as: 'ownerB',
        expectedStatus: 200,
        expectedContent: [NONE],
      },
    ],
  },
  {
    name: 'ownerA lists overrides with venue and item expanded: only A',
    method: 'GET',
    url: list('venue_items', { expand: 'venue,item.section.menu' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.venueItem, 'Venue SECRET-A', 'Item SECRET-A'],
    notExpectedContent: [...traces(B), ...traces(C)],
  },
  {
    name: 'ownerA filters overrides by B venue: none',
    method: 'GET',
    url: where('venue_items', `venue = "${B.venue}" || item = "${B.item}"`),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'ownerA reprices B override: 404',
    method: 'PATCH',
    url: rec('venue_items', B.venueItem),
    as: 'ownerA',
    body: { available: false, prices: [{ label: INTRUDER, amount: 1 }] },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    notExpectedContent: ['SECRET-B'],
  },
  ...(
    [
      ['ownerA re-points A override to B venue', A.venueItem, { venue: B.venue }],
      ['ownerA re-points A override to B item', A.venueItem, { item: B.item }],
      ['ownerA re-points A override to the spare A item', A.venueItem, { item: EXTRA.itemA2 }],
      ['ownerA re-points B override to A venue', B.venueItem, { venue: A.venue }],
      ['ownerA re-points B override to A item', B.venueItem, { item: A.item }],
    ] as const
  ).map(([what, id, body]): Row => ({
    name: `${what}: 404`,
    method: 'PATCH',
    url: rec('venue_items', id),
    as: 'ownerA',
    body,
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  })),
  {
    name: 'A and B overrides are unchanged (venue, item)',
    method: 'GET',
    url: where('venue_items', `id = "${A.venueItem}" || id = "${B.venueItem}"`),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"item":"${A.item}"`, `"venue":"${A.venue}"`, `"item":"${B.item}"`, `"venue":"${B.venue}"`, '"totalItems":2'],
  },
  {
    name: 'editorA sells out own override: 200',
    method: 'PATCH',
    url: rec('venue_items', A.venueItem),
    as: 'editorA',
    body: { available: false, soldOutUntil: '2030-01-01 00:00:00.000Z' },
    expectedStatus: 200,
    expectedContent: ['"available":false', '"soldOutUntil":"2030-01-01 00:00:00.000Z"'],
  },
];

/**
 * Venue marks of options (issue 23, item 1): like venue overrides of items, a mark pairs a venue
 * and an option of one organization; no member pairs, reads, re-points or deletes across them.
 */
const venueOptionRows: Row[] = [
  ...(
    [
      ['ownerA pairs own venue with B option', A.venue, B.option, 'ownerA'],
      ['ownerA pairs B venue with own option', B.venue, A.option, 'ownerA'],
      ['editorA creates an option mark in B', B.venue, B.option, 'editorA'],
      ['strangerA creates an option mark in A', A.venue, EXTRA.optionA2, 'strangerA'],
      ['unverified editor creates an option mark in A', A.venue, EXTRA.optionA2, 'unverified'],
      ['lapsed owner creates an option mark in own lapsed C', C.venue, C.option, 'lapsed'],
      ['guest creates an option mark in A', A.venue, EXTRA.optionA2, 'guest'],
    ] as const
  ).map(([what, venue, option, as]): Row => ({
    name: `${what}: 400`,
    method: 'POST',
    url: rec('venue_options'),
    as,
    body: { venue, option, available: false },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
    notExpectedContent: ['SECRET-B', 'SECRET-C'],
  })),
  {
    name: 'ownerA creates a mark of the spare A option at A venue: 200',
    method: 'POST',
    url: rec('venue_options'),
    as: 'ownerA',
    body: { venue: A.venue, option: EXTRA.optionA2, available: false },
    expectedStatus: 200,
    expectedContent: [`"venue":"${A.venue}"`, `"option":"${EXTRA.optionA2}"`, '"available":false'],
    then: [
      {
        name: 'ownerB does not see the new A option mark',
        method: 'GET',
        url: where('venue_options', `option = "${EXTRA.optionA2}"`),
        as: 'ownerB',
        expectedStatus: 200,
        expectedContent: [NONE],
      },
    ],
  },
  {
    name: 'ownerA lists option marks with venue and option expanded: only A',
    method: 'GET',
    url: list('venue_options', { expand: 'venue,option.group' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.venueOption, 'Venue SECRET-A', 'Option SECRET-A'],
    notExpectedContent: [...traces(B), ...traces(C)],
  },
  {
    name: 'ownerA filters option marks by B venue or option: none',
    method: 'GET',
    url: where('venue_options', `venue = "${B.venue}" || option = "${B.option}"`),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  {
    name: 'ownerA sells out B option mark: 404',
    method: 'PATCH',
    url: rec('venue_options', B.venueOption),
    as: 'ownerA',
    body: { available: false },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    notExpectedContent: ['SECRET-B'],
  },
  ...(
    [
      ['ownerA re-points A option mark to B venue', A.venueOption, { venue: B.venue }],
      ['ownerA re-points A option mark to B option', A.venueOption, { option: B.option }],
      ['ownerA re-points A option mark to the spare A option', A.venueOption, { option: EXTRA.optionA2 }],
      ['ownerA re-points B option mark to A venue', B.venueOption, { venue: A.venue }],
      ['ownerA re-points B option mark to A option', B.venueOption, { option: A.option }],
    ] as const
  ).map(([what, id, body]): Row => ({
    name: `${what}: 404`,
    method: 'PATCH',
    url: rec('venue_options', id),
    as: 'ownerA',
    body,
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  })),
  {
    name: 'A and B option marks are unchanged (venue, option)',
    method: 'GET',
    url: where('venue_options', `id = "${A.venueOption}" || id = "${B.venueOption}"`),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"option":"${A.option}"`, `"venue":"${A.venue}"`, `"option":"${B.option}"`, `"venue":"${B.venue}"`, '"totalItems":2'],
  },
  {
    name: 'editorA sells out own option mark: 200',
    method: 'PATCH',
    url: rec('venue_options', A.venueOption),
    as: 'editorA',
    body: { available: false, soldOutUntil: '2030-01-01 00:00:00.000Z' },
    expectedStatus: 200,
    expectedContent: ['"available":false', '"soldOutUntil":"2030-01-01 00:00:00.000Z"'],
  },
  {
    name: 'editorA deletes own option mark: 204',
    method: 'DELETE',
    url: rec('venue_options', A.venueOption),
    as: 'editorA',
    expectedStatus: 204,
  },
];

/**
 * Set menus (issue 20, item 2): a course belongs to a set of one organization and offers dishes
 * of that set's menu; no member adds a course to another organization's set, offers another
 * organization's dish, reads, re-points, edits or deletes another organization's course.
 */
const setCourseRows: Row[] = [
  ...(
    [
      ['ownerA adds a course to B set', B.setItem, 'ownerA'],
      ['editorA adds a course to B set', B.setItem, 'editorA'],
      ['strangerA adds a course to A set', A.setItem, 'strangerA'],
      ['unverified editor adds a course to A set', A.setItem, 'unverified'],
      ['lapsed owner adds a course to own lapsed C set', C.setItem, 'lapsed'],
      ['guest adds a course to A set', A.setItem, 'guest'],
    ] as const
  ).map(([what, item, as]): Row => ({
    name: `${what}: 400`,
    method: 'POST',
    url: rec('set_courses'),
    as,
    body: { item, name: `Course ${INTRUDER}` },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, RULE_REFUSED],
    notExpectedContent: ['SECRET-B', 'SECRET-C'],
  })),
  {
    name: 'ownerA adds a course to own set offering B item: 400',
    method: 'POST',
    url: rec('set_courses'),
    as: 'ownerA',
    body: { item: A.setItem, name: `Course ${INTRUDER}`, choices: [A.item, B.item] },
    expectedStatus: 400,
    expectedContent: [CREATE_FAILED, '"choices":{"code":"validation_missing_rel_records"'],
    notExpectedContent: ['SECRET-B'],
  },
  {
    name: 'editorA offers B item in A course: 400',
    method: 'PATCH',
    url: rec('set_courses', A.course),
    as: 'editorA',
    body: { 'choices+': B.item },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"choices":{"code":"validation_missing_rel_records"'],
    notExpectedContent: ['SECRET-B'],
  },
  {
    name: 'ownerA lists courses expanding item and choices: only A',
    method: 'GET',
    url: list('set_courses', { expand: 'item.section.menu,choices' }),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [A.course, 'Course SECRET-A', 'Set SECRET-A', 'Item SECRET-A'],
    notExpectedContent: [...traces(B), ...traces(C)],
  },
  {
    name: 'ownerB views B set expanding its courses and their choices: B only',
    method: 'GET',
    url: withQuery(rec('items', B.setItem), { expand: 'set_courses_via_item.choices' }),
    as: 'ownerB',
    expectedStatus: 200,
    expectedContent: [B.course, 'Course SECRET-B', 'Item SECRET-B', '"kind":"set"'],
    notExpectedContent: noAC,
  },
  {
    name: 'strangerA lists courses with every expand: nothing of A or B',
    method: 'GET',
    url: list('set_courses', { expand: 'item.section.menu.organization,choices' }),
    as: 'strangerA',
    expectedStatus: 200,
    expectedContent: [NONE],
    notExpectedContent: [...traces(A), ...traces(B)],
  },
  {
    name: 'ownerA filters courses by B set or B dish: none',
    method: 'GET',
    url: where('set_courses', `item = "${B.setItem}" || choices ~ "${B.item}"`),
    as: 'ownerA',
    expectedStatus: 200,
    expectedContent: [NONE],
  },
  ...(
    [
      ['ownerA renames B course', B.course, { name: `Course ${INTRUDER}` }],
      ['ownerA re-points A course to B set', A.course, { item: B.setItem }],
      ['ownerA re-points B course to A set', B.course, { item: A.setItem }],
    ] as const
  ).map(([what, id, body]): Row => ({
    name: `${what}: 404`,
    method: 'PATCH',
    url: rec('set_courses', id),
    as: 'ownerA',
    body,
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    notExpectedContent: ['SECRET-B'],
  })),
  { name: 'ownerA deletes B course: 404', method: 'DELETE', url: rec('set_courses', B.course), as: 'ownerA', expectedStatus: 404 },
  {
    name: 'A and B courses are unchanged (set, choices, name)',
    method: 'GET',
    url: where('set_courses', `id = "${A.course}" || id = "${B.course}"`),
    as: 'superuser',
    expectedStatus: 200,
    expectedContent: [
      `"item":"${A.setItem}"`,
      `"choices":["${A.item}"]`,
      `"item":"${B.setItem}"`,
      `"choices":["${B.item}"]`,
      'Course SECRET-B',
      '"totalItems":2',
    ],
    notExpectedContent: [INTRUDER],
  },
  {
    name: 'editorA offers the spare A item in own course: 200',
    method: 'PATCH',
    url: rec('set_courses', A.course),
    as: 'editorA',
    body: { 'choices+': EXTRA.itemA2 },
    expectedStatus: 200,
    expectedContent: [`"choices":["${A.item}","${EXTRA.itemA2}"]`],
  },
];

// ---------------------------------------------------------------------------------------------
// Floor staff (staffA: A's venue only): read their venue and what it shows, set its availability,
// nothing else — every collection and action, and every custom route.
// ---------------------------------------------------------------------------------------------

/** Records of A that staffA may not read: everything not shown at A's venue, and the team's data. */
const hiddenFromStaff = [EXTRA.venueA2, EXTRA.menuA2, EXTRA.sectionA3, EXTRA.itemA3, 'Terrace'];

const staffOwn: Record<string, string[]> = {
  organizations: ['{{ORG_A}}'],
  memberships: [EXTRA.memStaffA],
  users: [USERS.staffA],
  venues: [A.venue],
  menus: [A.menu],
  sections: [A.section, EXTRA.sectionA2],
  items: [A.item, EXTRA.itemA2, A.setItem],
  option_groups: [A.group],
  options: [A.option],
  venue_items: [A.venueItem],
  venue_options: [A.venueOption],
  set_courses: [A.course],
  menu_uploads: [],
  help_requests: [],
};

function staffReadRows(): Row[] {
  const rows: Row[] = [];
  const hiddenOf: Record<string, string[]> = {
    memberships: ['{{M_OWNER_A}}', EXTRA.memEditorA, EXTRA.memAdminA],
    tags: [A.tag, EXTRA.tagA2],
    menu_uploads: [A.upload, EXTRA.uploadA2],
    help_requests: [A.help],
    users: [USERS.ownerA, USERS.editorA],
  };
  for (const s of specs) {
    rows.push({
      name: `staffA lists ${s.collection} within A: what A's venue shows only`,
      method: 'GET',
      url: list(s.collection),
      as: 'staffA',
      expectedStatus: 200,
      expectedContent: staffOwn[s.collection] ?? [],
      notExpectedContent: [...hiddenFromStaff, ...(hiddenOf[s.collection] ?? [])],
    });
  }
  const hiddenViews: Array<[string, string]> = [
    ['venues', EXTRA.venueA2],
    ['menus', EXTRA.menuA2],
    ['sections', EXTRA.sectionA3],
    ['items', EXTRA.itemA3],
    ['tags', A.tag],
    ['menu_uploads', A.upload],
    ['help_requests', A.help],
    ['memberships', '{{M_OWNER_A}}'],
    ['memberships', EXTRA.memEditorA],
    ['users', USERS.ownerA],
  ];
  for (const [collection, id] of hiddenViews) {
    rows.push({
      name: `staffA views ${collection} ${id} of A: 404`,
      method: 'GET',
      url: rec(collection, id),
      as: 'staffA',
      expectedStatus: 404,
      expectedContent: [NOT_FOUND],
    });
  }
  const shownViews: Array<[string, string, string]> = [
    ['venues', A.venue, 'Venue SECRET-A'],
    ['menus', A.menu, 'Menu SECRET-A'],
    ['sections', A.section, 'Section SECRET-A'],
    ['items', A.item, 'Item SECRET-A'],
    ['option_groups', A.group, 'Group SECRET-A'],
    ['options', A.option, 'Option SECRET-A'],
    ['venue_items', A.venueItem, '"amount":1150'],
    ['venue_options', A.venueOption, `"option":"${A.option}"`],
    ['set_courses', A.course, 'Course SECRET-A'],
    ['organizations', '{{ORG_A}}', 'Org SECRET-A'],
    ['memberships', EXTRA.memStaffA, `"venues":["${A.venue}"]`],
  ];
  for (const [collection, id, content] of shownViews) {
    rows.push({
      name: `staffA views ${collection} ${id} shown at A's venue: 200`,
      method: 'GET',
      url: rec(collection, id),
      as: 'staffA',
      expectedStatus: 200,
      expectedContent: [content],
    });
  }
  rows.push({
    name: "staffA lists items filtered through the unassigned venue's menu: empty",
    method: 'GET',
    url: where('items', `section.menu = "${EXTRA.menuA2}"`),
    as: 'staffA',
    expectedStatus: 200,
    expectedContent: [NONE],
    notExpectedContent: hiddenFromStaff,
  });
  rows.push({
    name: 'staffA views A menu expanding sections and items: those of the shown menu only',
    method: 'GET',
    url: withQuery(rec('menus', A.menu), { expand: 'sections_via_menu.items_via_section.optionGroups,items_via_section,organization' }),
    as: 'staffA',
    expectedStatus: 200,
    expectedContent: [A.section, A.item, A.group],
    notExpectedContent: [...hiddenFromStaff, ...traces(B)],
  });
  rows.push({
    name: 'staffA views A item expanding tags: the tags stay hidden',
    method: 'GET',
    url: withQuery(rec('items', A.item), { expand: 'tags' }),
    as: 'staffA',
    expectedStatus: 200,
    expectedContent: [A.item, '"expand":{"tags":[]}'],
    notExpectedContent: ['Tag SECRET-A'],
  });
  return rows;
}

/** Every write staffA may not make in A: the rule refuses (create 400, update/delete 404, null rule 403). */
const staffRefusedWrites: Array<{ collection: string; id?: string; body?: Record<string, unknown>; status: number; content?: string[] }> = [
  { collection: 'organizations', id: '{{ORG_A}}', body: { name: `Org ${INTRUDER}` }, status: 404 },
  { collection: 'organizations', id: '{{ORG_A}}', status: 404 },
  { collection: 'memberships', body: { organization: '{{ORG_A}}', user: USERS.newbie, role: 'editor' }, status: 403 },
  { collection: 'memberships', id: EXTRA.memStaffA, body: { role: 'owner' }, status: 404 },
  { collection: 'memberships', id: EXTRA.memStaffA, body: { venues: [A.venue, EXTRA.venueA2] }, status: 404 },
  { collection: 'memberships', id: EXTRA.memEditorA, body: { role: 'staff' }, status: 404 },
  { collection: 'memberships', id: EXTRA.memEditorA, status: 404 },
  {
    collection: 'venues',
    body: { organization: '{{ORG_A}}', name: `Venue ${INTRUDER}`, timezone: 'Europe/Vienna', primaryColor: '#112233' },
    status: 400,
  },
  { collection: 'venues', id: A.venue, body: { name: `Venue ${INTRUDER}` }, status: 404 },
  { collection: 'venues', id: A.venue, body: { menus: [A.menu, EXTRA.menuA2] }, status: 404 },
  { collection: 'venues', id: A.venue, status: 404 },
  { collection: 'tags', body: { organization: '{{ORG_A}}', name: `Tag ${INTRUDER}` }, status: 400 },
  { collection: 'tags', id: A.tag, body: { name: `Tag ${INTRUDER}` }, status: 404 },
  { collection: 'tags', id: A.tag, status: 404 },
  { collection: 'menus', body: { organization: '{{ORG_A}}', name: `Menu ${INTRUDER}` }, status: 400 },
  { collection: 'menus', id: A.menu, body: { name: `Menu ${INTRUDER}` }, status: 404 },
  { collection: 'menus', id: A.menu, status: 404 },
  { collection: 'sections', body: { menu: A.menu, name: `Section ${INTRUDER}` }, status: 400 },
  { collection: 'sections', id: A.section, body: { name: `Section ${INTRUDER}` }, status: 404 },
  { collection: 'sections', id: A.section, status: 404 },
  { collection: 'items', body: { section: A.section, name: `Item ${INTRUDER}` }, status: 400 },
  { collection: 'items', id: A.item, body: { name: `Item ${INTRUDER}` }, status: 404 },
  { collection: 'items', id: A.item, body: { prices: [{ label: '', amount: 1 }] }, status: 404 },
  { collection: 'items', id: A.item, body: { available: false }, status: 404 },
  { collection: 'items', id: A.item, status: 404 },
  { collection: 'option_groups', body: { organization: '{{ORG_A}}', name: `Group ${INTRUDER}` }, status: 400 },
  { collection: 'option_groups', id: A.group, body: { name: `Group ${INTRUDER}` }, status: 404 },
  { collection: 'option_groups', id: A.group, status: 404 },
  { collection: 'options', body: { group: A.group, name: `Option ${INTRUDER}` }, status: 400 },
  { collection: 'options', id: A.option, body: { priceDelta: 1 }, status: 404 },
  { collection: 'options', id: A.option, status: 404 },
  { collection: 'set_courses', body: { item: A.setItem, name: `Course ${INTRUDER}` }, status: 400 },
  { collection: 'set_courses', id: A.course, body: { name: `Course ${INTRUDER}` }, status: 404 },
  { collection: 'set_courses', id: A.course, status: 404 },
  { collection: 'menu_uploads', id: A.upload, body: { name: `Upload ${INTRUDER}` }, status: 404 },
  { collection: 'menu_uploads', id: A.upload, status: 404 },
  { collection: 'venue_items', id: A.venueItem, body: { prices: [{ label: '', amount: 1 }] }, status: 404 },
  { collection: 'venue_items', id: A.venueItem, body: { available: false, prices: null }, status: 404 },
  { collection: 'venue_items', id: A.venueItem, body: { venue: EXTRA.venueA2 }, status: 404 },
  { collection: 'venue_items', id: A.venueItem, status: 404 },
  { collection: 'venue_items', body: { venue: EXTRA.venueA2, item: EXTRA.itemA3, available: false }, status: 400 },
  {
    collection: 'venue_items',
    body: { venue: A.venue, item: EXTRA.itemA3, available: false },
    status: 400,
    content: [CREATE_FAILED, '"item":{"code":"validation_missing_rel_records"'],
  },
  {
    collection: 'venue_items',
    body: { venue: A.venue, item: EXTRA.itemA2, available: false, prices: [{ label: '', amount: 1 }] },
    status: 400,
  },
  { collection: 'venue_items', body: { venue: B.venue, item: B.item, available: false }, status: 400 },
  { collection: 'venue_options', id: A.venueOption, body: { venue: EXTRA.venueA2 }, status: 404 },
  { collection: 'venue_options', id: A.venueOption, body: { option: EXTRA.optionA2 }, status: 404 },
  { collection: 'venue_options', id: A.venueOption, status: 404 },
  { collection: 'venue_options', id: B.venueOption, body: { available: false }, status: 404 },
  { collection: 'venue_options', body: { venue: EXTRA.venueA2, option: EXTRA.optionA3, available: false }, status: 400 },
  {
    collection: 'venue_options',
    body: { venue: A.venue, option: EXTRA.optionA3, available: false },
    status: 400,
    content: [CREATE_FAILED, '"option":{"code":"validation_missing_rel_records"'],
  },
  { collection: 'venue_options', body: { venue: B.venue, option: B.option, available: false }, status: 400 },
];

function staffWriteRows(): Row[] {
  return staffRefusedWrites.map((w, i) => {
    const method: Method = w.id === undefined ? 'POST' : w.body === undefined ? 'DELETE' : 'PATCH';
    const action = method === 'POST' ? 'creates' : method === 'DELETE' ? 'deletes' : `updates (${Object.keys(w.body ?? {}).join(', ')})`;
    const expectedContent =
      w.content ?? (w.status === 404 ? [NOT_FOUND] : w.status === 403 ? [ONLY_SUPERUSERS] : [CREATE_FAILED, RULE_REFUSED]);
    return {
      name: `staffA ${action} ${w.collection}${w.id ? ` ${w.id}` : ''} in A (#${i}): ${w.status}`,
      method,
      url: rec(w.collection, w.id),
      as: 'staffA',
      ...(w.body ? { body: w.body } : {}),
      expectedStatus: w.status,
      expectedContent,
      notExpectedContent: [INTRUDER],
    };
  });
}

const staffAllowedRows: Row[] = [
  {
    name: "staffA marks A's item sold out at A's venue: 200, the venue's prices stay",
    method: 'PATCH',
    url: rec('venue_items', A.venueItem),
    as: 'staffA',
    body: { available: false, soldOutUntil: '2030-01-01 21:00:00.000Z' },
    expectedStatus: 200,
    expectedContent: ['"available":false', '"soldOutUntil":"2030-01-01 21:00:00.000Z"', '"amount":1150'],
  },
  {
    name: "staffA marks a second item sold out at A's venue (first toggle creates the override): 200",
    method: 'POST',
    url: rec('venue_items'),
    as: 'staffA',
    body: { venue: A.venue, item: EXTRA.itemA2, available: false },
    expectedStatus: 200,
    expectedContent: ['"available":false', `"item":"${EXTRA.itemA2}"`, '"prices":null'],
  },
  {
    name: "staffA marks A's option sold out at A's venue: 200",
    method: 'PATCH',
    url: rec('venue_options', A.venueOption),
    as: 'staffA',
    body: { available: false, soldOutUntil: '2030-01-01 21:00:00.000Z' },
    expectedStatus: 200,
    expectedContent: ['"available":false', '"soldOutUntil":"2030-01-01 21:00:00.000Z"', `"option":"${A.option}"`],
  },
  {
    name: "staffA marks a second option sold out at A's venue (first toggle creates the mark): 200",
    method: 'POST',
    url: rec('venue_options'),
    as: 'staffA',
    body: { venue: A.venue, option: EXTRA.optionA2, available: false },
    expectedStatus: 200,
    expectedContent: ['"available":false', `"option":"${EXTRA.optionA2}"`],
  },
  {
    name: 'staffA batch: option availability at own venue and an option price: the whole batch fails',
    method: 'POST',
    url: '/api/batch',
    as: 'staffA',
    body: {
      requests: [
        { method: 'PATCH', url: rec('venue_options', A.venueOption), body: { available: false } },
        { method: 'PATCH', url: rec('options', A.option), body: { priceDelta: 1 } },
      ],
    },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED],
    then: [
      {
        name: 'after the failed staff batch, the option mark is still available',
        method: 'GET',
        url: rec('venue_options', A.venueOption),
        as: 'ownerA',
        expectedStatus: 200,
        expectedContent: ['"available":true'],
      },
    ],
  },
  {
    name: 'staffA batch: availability at own venue and an item price: the whole batch fails',
    method: 'POST',
    url: '/api/batch',
    as: 'staffA',
    body: {
      requests: [
        { method: 'PATCH', url: rec('venue_items', A.venueItem), body: { available: false } },
        { method: 'PATCH', url: rec('items', A.item), body: { prices: [{ label: '', amount: 1 }] } },
      ],
    },
    expectedStatus: 400,
    expectedContent: [BATCH_FAILED],
    then: [
      {
        name: 'after the failed staff batch, the override is still available',
        method: 'GET',
        url: rec('venue_items', A.venueItem),
        as: 'ownerA',
        expectedStatus: 200,
        expectedContent: ['"available":true'],
      },
    ],
  },
  {
    name: 'staffA leaves A (anyone may leave): 204',
    method: 'DELETE',
    url: rec('memberships', EXTRA.memStaffA),
    as: 'staffA',
    expectedStatus: 204,
  },
  {
    name: 'staffA asks for help for A: 200',
    method: 'POST',
    url: rec('help_requests'),
    as: 'staffA',
    body: { user: USERS.staffA, organization: '{{ORG_A}}', title: 'Printer', description: 'The printer is out of paper.' },
    expectedStatus: 200,
  },
  {
    name: 'ownerA assigns the terrace to staffA: 200',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memStaffA),
    as: 'ownerA',
    body: { venues: [A.venue, EXTRA.venueA2] },
    expectedStatus: 200,
    expectedContent: [`"venues":["${A.venue}","${EXTRA.venueA2}"]`],
    then: [
      {
        name: 'staffA now reads the terrace and its menu',
        method: 'GET',
        url: list('items', { filter: `section.menu = "${EXTRA.menuA2}"` }),
        as: 'staffA',
        expectedStatus: 200,
        expectedContent: [EXTRA.itemA3, '"totalItems":1'],
      },
    ],
  },
  {
    name: "ownerA assigns B's venue to staffA: 400",
    method: 'PATCH',
    url: rec('memberships', EXTRA.memStaffA),
    as: 'ownerA',
    body: { venues: [B.venue] },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"venues":{"code":"validation_missing_rel_records"'],
  },
  {
    name: 'ownerA makes staffA an editor: the venue list is cleared',
    method: 'PATCH',
    url: rec('memberships', EXTRA.memStaffA),
    as: 'ownerA',
    body: { role: 'editor' },
    expectedStatus: 200,
    expectedContent: ['"role":"editor"', '"venues":[]'],
  },
];

/** The custom routes: none of them is for floor staff (404 where the records API would say it, 403 for organization routes). */
const staffRouteRows: Row[] = [
  {
    name: "staffA exports A's shown menu as CSV: 404",
    method: 'GET',
    url: `/api/menus/${A.menu}/export.csv`,
    as: 'staffA',
    expectedStatus: 404,
  },
  {
    name: "staffA imports a CSV into A's shown menu: 404",
    method: 'POST',
    url: `/api/menus/${A.menu}/import?dryRun=true`,
    as: 'staffA',
    body: { csv: 'section,name,price\nMains,Soup,4.50\n' },
    expectedStatus: 404,
  },
  {
    name: "staffA translates A's shown menu: 404",
    method: 'POST',
    url: `/api/menus/${A.menu}/translate`,
    as: 'staffA',
    body: { languages: ['de'] },
    expectedStatus: 404,
  },
  {
    name: "staffA asks for a preview link of A's shown menu: 404",
    method: 'POST',
    url: `/api/menus/${A.menu}/preview-link`,
    as: 'staffA',
    expectedStatus: 404,
  },
  {
    name: "staffA downloads the print kit of A's venue: 404",
    method: 'GET',
    url: `/api/venues/${A.venue}/print-kit`,
    as: 'staffA',
    expectedStatus: 404,
  },
  {
    name: "staffA imports A's upload: 404",
    method: 'POST',
    url: `/api/uploads/${A.upload}/import`,
    as: 'staffA',
    body: { menuId: A.menu },
    expectedStatus: 404,
  },
  {
    name: "staffA diffs A's upload against the shown menu: 404",
    method: 'GET',
    url: `/api/uploads/${A.upload}/diff?menuId=${A.menu}`,
    as: 'staffA',
    expectedStatus: 404,
  },
  {
    name: "staffA opens A's PDF with own file token: 404",
    method: 'GET',
    url: fileUrl('menu_uploads', A.upload, A.pdf, '{{FT_STAFF_A}}'),
    as: 'staffA',
    expectedStatus: 404,
  },
  {
    name: 'staffA lists the members of A: 403',
    method: 'GET',
    url: '/api/organizations/{{ORG_A}}/members',
    as: 'staffA',
    expectedStatus: 403,
    notExpectedContent: ['ownera@example.com'],
  },
  {
    name: 'staffA lists the invitations of A: 403',
    method: 'GET',
    url: '/api/organizations/{{ORG_A}}/invitations',
    as: 'staffA',
    expectedStatus: 403,
  },
  {
    name: 'staffA invites someone to A: 403',
    method: 'POST',
    url: '/api/organizations/{{ORG_A}}/invitations',
    as: 'staffA',
    body: { email: 'friend@example.com', role: 'staff' },
    expectedStatus: 403,
  },
  {
    name: 'staffA reads the guest analytics of A: 403',
    method: 'GET',
    url: '/api/analytics/guests?organization={{ORG_A}}',
    as: 'staffA',
    expectedStatus: 403,
  },
  {
    name: 'staffA reads the guest analytics CSV of A: 403',
    method: 'GET',
    url: '/api/analytics/guests.csv?organization={{ORG_A}}',
    as: 'staffA',
    expectedStatus: 403,
  },
  ...(['subscribe', 'portal', 'cancel', 'resume'] as const).map((action): Row => ({
    name: `staffA ${action} billing of A: 403`,
    method: 'POST',
    url: `/api/billing/${action}`,
    as: 'staffA',
    body: { organization: '{{ORG_A}}', plan: EXTRA.plan },
    expectedStatus: 403,
    expectedContent: ['Only owners and admins can manage billing.'],
  })),
];

const staffRows: Row[] = [...staffReadRows(), ...staffWriteRows(), ...staffAllowedRows, ...staffRouteRows];

const scenarios: Row[] = [
  ...readRows(),
  ...expandRows,
  ...linkRows,
  ...fileRows,
  ...everyoneRows,
  ...crossCreateRows,
  ...noIntruderRows,
  ...crossUpdateRows,
  ...moveRows,
  ...venueItemRows,
  ...venueOptionRows,
  ...setCourseRows,
  ...crossDeleteRows,
  ...batchRows,
  ...userRows,
  ...membershipRows,
  ...roleRows,
  ...lapsedRows,
  ...authRows,
  ...staffRows,
];

beforeAll(async () => {
  t = await buildTestApp();
  await t.listen();
  world = await seedTenancyWorld(t);
});

afterAll(async () => {
  await t.close();
});

/**
 * Runs `action` inside a savepoint (SQLite) or a held transaction (PostgreSQL) of the app's
 * database and rolls every write of it back.
 */
async function isolated<T>(action: () => Promise<T>): Promise<T> {
  const { sqlite, stmts } = t.ctx;
  if (sqlite) sqlite.exec('SAVEPOINT scenario_row');
  const rollback = sqlite ? () => sqlite.exec('ROLLBACK TO scenario_row; RELEASE scenario_row') : (stmts as PgStatements).holdForRollback();
  try {
    return await action();
  } finally {
    rollback();
  }
}

describe('tenant isolation scenarios', () => {
  it('uses 15-char ids and unique scenario names', () => {
    const ids = [
      ...Object.values(USERS),
      ...Object.values(EXTRA),
      ...[A, B, C].flatMap((d) => [
        d.venue,
        d.tag,
        d.menu,
        d.section,
        d.item,
        d.group,
        d.option,
        d.venueItem,
        d.venueOption,
        d.setItem,
        d.course,
        d.upload,
        d.help,
      ]),
    ];
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const withFollowUps = (rows: Row[]): Row[] => rows.flatMap((r) => [r, ...withFollowUps(r.then ?? [])]);
    const names = withFollowUps(scenarios).map((s) => s.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  // Rows are independent of each other: each runs against the seeded world inside a savepoint that
  // is rolled back afterwards (a row that writes cannot change what a later row sees), in an order
  // shuffled by the printed seed.
  for (const s of shuffled(scenarios, announceSeed('tenancy scenario order'))) {
    it(`${s.method} [${s.as}] ${s.name}`, async () => {
      await isolated(() => check(s));
    });
  }
});

/** Sends a row, checks its answer, then its follow-up rows in order. */
async function check(s: Row): Promise<void> {
  const res = await send(s);
  const shown = res.body.length > 1500 ? `${res.body.slice(0, 1500)}…` : res.body;
  expect(res.status, `status of "${s.name}"; body: ${shown}`).toBe(s.expectedStatus);
  for (const c of (s.expectedContent ?? []).map(fill)) expect(res.body, `"${s.name}" should contain ${c}`).toContain(c);
  for (const c of (s.notExpectedContent ?? []).map(fill)) expect(res.body, `"${s.name}" should not contain ${c}`).not.toContain(c);
  for (const [k, v] of Object.entries(s.expectedHeaders ?? {})) expect(String(res.headers[k]), `header ${k}`).toBe(v);
  for (const next of s.then ?? []) await check(next);
}

// ---------------------------------------------------------------------------------------------
// Realtime through the official SDK on the listening app.
// ---------------------------------------------------------------------------------------------

/**
 * Absence is proven with sentinels, never by sleeping: every watching client also subscribes to
 * the public plan, and `fence.pass()` rewrites it and waits until each client received that
 * event. A client's events arrive in order, so anything written before the pass that was going
 * to reach a client has reached it by then.
 */
function planFence(clients: PocketBase[]) {
  const touch = () =>
    t.ctx.engine.update(
      t.ctx.engine.collection('plans'),
      EXTRA.plan,
      { data: { name: 'Tenancy Plan' }, files: {}, fromForm: false },
      superuserRequest(t.ctx),
    );
  return sentinelFence(clients, 'plans', EXTRA.plan, touch);
}

describe('realtime tenant isolation', () => {
  const clients: PocketBase[] = [];
  const as = (who: Who): PocketBase => {
    const pb = t.sdk();
    if (world.tokens[who]) pb.authStore.save(world.tokens[who], null);
    clients.push(pb);
    return pb;
  };

  afterAll(async () => {
    for (const pb of clients) await pb.realtime.unsubscribe().catch(() => undefined);
  });

  it('members of B, strangers and guests receive nothing when A edits venues and items; A receives its own events', async () => {
    const pbA = as('ownerA');
    const pbEditorA = as('editorA');
    const pbB = as('ownerB');
    const pbStranger = as('strangerA');
    const pbGuest = as('guest');
    const seenByA = collector();
    const seenByEditorA = collector();
    const seenByB = collector();
    const seenByOthers = collector();
    await pbA.collection('venues').subscribe('*', seenByA.push);
    await pbA.collection('items').subscribe('*', seenByA.push);
    await pbEditorA.collection('items').subscribe(A.item, seenByEditorA.push, { expand: 'section.menu.organization' });
    await pbB.collection('venues').subscribe('*', seenByB.push);
    await pbB.collection('items').subscribe('*', seenByB.push, { expand: 'section.menu.organization,tags' });
    await pbB.collection('venues').subscribe(A.venue, seenByB.push);
    await pbB.collection('items').subscribe(A.item, seenByB.push);
    for (const pb of [pbStranger, pbGuest]) {
      await pb.collection('venues').subscribe('*', seenByOthers.push);
      await pb.collection('items').subscribe('*', seenByOthers.push);
      await pb.collection('venues').subscribe(A.venue, seenByOthers.push);
      await pb.collection('items').subscribe(A.item, seenByOthers.push);
    }
    const fence = await planFence([pbA, pbEditorA, pbB, pbStranger, pbGuest]);

    await pbA.collection('venues').update(A.venue, { address: 'Realtime street 1, SECRET-A' });
    await pbA.collection('items').update(A.item, { description: 'Realtime SECRET-A' });
    const created = await pbA
      .collection('items')
      .create({ section: A.section, name: 'Realtime item SECRET-A', prices: [{ label: '', amount: 1200 }], tags: [A.tag] });
    await pbA.collection('items').delete(created.id);
    await seenByA.waitFor(4);
    await seenByEditorA.waitFor(1);
    await fence.pass();
    expect(seenByA.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([
      `update:${A.venue}`,
      `update:${A.item}`,
      `create:${created.id}`,
      `delete:${created.id}`,
    ]);
    expect(seenByEditorA.events.map((e) => e.action)).toEqual(['update']);
    expect(JSON.stringify(seenByEditorA.events[0]?.record.expand)).toContain('Org SECRET-A');
    expect(seenByB.events).toEqual([]);
    expect(seenByOthers.events).toEqual([]);

    // Positive control: B's own edit reaches B (so B's subscriptions work), and never reaches A.
    await pbB.collection('venues').update(B.venue, { address: 'Realtime street 2, SECRET-B' });
    await pbB.collection('items').update(B.item, { description: 'Realtime SECRET-B' });
    await seenByB.waitFor(2);
    await fence.pass();
    expect(seenByB.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([`update:${B.venue}`, `update:${B.item}`]);
    expect(JSON.stringify(seenByB.events)).not.toContain('SECRET-A');
    expect(seenByA.events).toHaveLength(4);
    expect(JSON.stringify(seenByA.events)).not.toContain('SECRET-B');
    expect(seenByOthers.events).toEqual([]);
  });

  it('option group and option events of A reach A members only', async () => {
    const pbA = as('editorA');
    const pbB = as('ownerB');
    const pbOthers = [as('strangerA'), as('guest')];
    const seenByA = collector();
    const seenByB = collector();
    const seenByOthers = collector();
    for (const [pb, seen] of [[pbA, seenByA], [pbB, seenByB], ...pbOthers.map((pb) => [pb, seenByOthers] as const)] as const) {
      await pb.collection('option_groups').subscribe('*', seen.push);
      await pb.collection('options').subscribe('*', seen.push, { expand: 'group.organization' });
      await pb.collection('options').subscribe(A.option, seen.push);
    }
    const fence = await planFence([pbA, pbB, ...pbOthers]);
    const owner = as('ownerA');
    await owner.collection('option_groups').update(A.group, { description: 'Realtime SECRET-A' });
    await owner.collection('options').update(A.option, { available: false });
    // Two subscriptions of editorA match the option: '*' and its id.
    await seenByA.waitFor(3);
    await fence.pass();
    expect(seenByA.events.map((e) => `${e.action}:${e.record.id}`).sort()).toEqual(
      [`update:${A.group}`, `update:${A.option}`, `update:${A.option}`].sort(),
    );
    expect(seenByB.events).toEqual([]);
    expect(seenByOthers.events).toEqual([]);
    await owner.collection('options').update(A.option, { available: true });
  });

  it('venue override events of A reach A members only', async () => {
    const pbA = as('editorA');
    const pbB = as('ownerB');
    const pbOthers = [as('strangerA'), as('guest')];
    const seenByA = collector();
    const seenByB = collector();
    const seenByOthers = collector();
    for (const [pb, seen] of [[pbA, seenByA], [pbB, seenByB], ...pbOthers.map((pb) => [pb, seenByOthers] as const)] as const) {
      await pb.collection('venue_items').subscribe('*', seen.push, { expand: 'venue,item' });
      await pb.collection('venue_items').subscribe(A.venueItem, seen.push);
    }
    const fence = await planFence([pbA, pbB, ...pbOthers]);
    const owner = as('ownerA');
    await owner.collection('venue_items').update(A.venueItem, { available: false });
    // Two subscriptions of editorA match the override: '*' and its id.
    await seenByA.waitFor(2);
    await fence.pass();
    expect(seenByA.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([`update:${A.venueItem}`, `update:${A.venueItem}`]);
    expect(seenByB.events).toEqual([]);
    expect(seenByOthers.events).toEqual([]);
    await owner.collection('venue_items').update(A.venueItem, { available: true });
  });

  it('venue option mark events of A reach A members and the staff of that venue only', async () => {
    const pbA = as('editorA');
    const pbStaff = as('staffA');
    const pbB = as('ownerB');
    const pbOthers = [as('strangerA'), as('guest')];
    const seenByA = collector();
    const seenByStaff = collector();
    const seenByB = collector();
    const seenByOthers = collector();
    for (const [pb, seen] of [
      [pbA, seenByA],
      [pbStaff, seenByStaff],
      [pbB, seenByB],
      ...pbOthers.map((pb) => [pb, seenByOthers] as const),
    ] as const) {
      await pb.collection('venue_options').subscribe('*', seen.push, { expand: 'venue,option' });
      await pb.collection('venue_options').subscribe(A.venueOption, seen.push);
    }
    const fence = await planFence([pbA, pbStaff, pbB, ...pbOthers]);
    const owner = as('ownerA');
    // A mark at the terrace (not staffA's venue), then one at A's venue.
    const terrace = await owner.collection('venue_options').create({ venue: EXTRA.venueA2, option: EXTRA.optionA3, available: false });
    await owner.collection('venue_options').update(A.venueOption, { available: false });
    // Two subscriptions match A's mark: '*' and its id.
    await seenByA.waitFor(3);
    await seenByStaff.waitFor(2);
    await fence.pass();
    expect(seenByA.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([
      `create:${terrace.id}`,
      `update:${A.venueOption}`,
      `update:${A.venueOption}`,
    ]);
    expect(seenByStaff.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([`update:${A.venueOption}`, `update:${A.venueOption}`]);
    expect(seenByB.events).toEqual([]);
    expect(seenByOthers.events).toEqual([]);
    await owner.collection('venue_options').update(A.venueOption, { available: true });
    await owner.collection('venue_options').delete(terrace.id);
  });

  it('set menu course events of A reach A members only', async () => {
    const pbA = as('editorA');
    const pbB = as('ownerB');
    const pbOthers = [as('strangerA'), as('guest')];
    const seenByA = collector();
    const seenByB = collector();
    const seenByOthers = collector();
    for (const [pb, seen] of [[pbA, seenByA], [pbB, seenByB], ...pbOthers.map((pb) => [pb, seenByOthers] as const)] as const)
      await pb.collection('set_courses').subscribe('*', seen.push, { expand: 'item,choices' });
    const fence = await planFence([pbA, pbB, ...pbOthers]);
    const owner = as('ownerA');
    await owner.collection('set_courses').update(A.course, { description: 'Realtime SECRET-A' });
    await seenByA.waitFor(1);
    await fence.pass();
    expect(seenByA.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([`update:${A.course}`]);
    expect(seenByB.events).toEqual([]);
    expect(seenByOthers.events).toEqual([]);
  });

  it('a superuser edit of A data (system write) reaches A members only', async () => {
    const pbA = as('editorA');
    const pbB = as('ownerB');
    const seenByA = collector();
    const seenByB = collector();
    await pbA.collection('venues').subscribe('*', seenByA.push);
    await pbB.collection('venues').subscribe('*', seenByB.push);
    const fence = await planFence([pbA, pbB]);
    const su = as('superuser');
    await su.collection('venues').update(A.venue, { address: 'Support changed SECRET-A' });
    await seenByA.waitFor(1);
    await fence.pass();
    expect(seenByA.events.map((e) => e.record.id)).toEqual([A.venue]);
    expect(seenByB.events).toEqual([]);
  });
});
