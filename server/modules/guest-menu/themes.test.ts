import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWorld, type OwnerWorld } from '../../test/translation-fixtures.ts';
import { contrastRatio, WCAG_AA } from '../../../shared/contrast.ts';
import { FONT_PAIRINGS, LAYOUTS } from '../../../shared/themes.ts';

/**
 * Themes (issue 22 item 4): a venue's cover image and font pairing, a menu's layout. Each layout
 * renders with only its own CSS, fonts are installed system fonts, bad values are refused, the
 * cover is a responsive image, the staff preview shows unsaved values (and only the preview), and
 * the brand colour's contrast correction holds on every layout in both schemes.
 */
let w: OwnerWorld;
let menuId = '';
let venueId = '';
let photoItem = '';

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  w = await ownerWorld({ env: { BILLING: 'off' } });
  const menu = await w.pb.collection('menus').create({ organization: w.org, name: 'Food', languages: ['en'], status: 'published' });
  menuId = menu.id;
  const section = await w.pb.collection('sections').create({ menu: menu.id, name: 'Mains' });
  const form = new FormData();
  form.set('section', section.id);
  form.set('name', 'Risotto');
  form.set('prices', JSON.stringify([{ label: '', amount: 1400 }]));
  form.set('image', new Blob([await png(600, 400, '#65a30d')], { type: 'image/png' }), 'risotto.png');
  photoItem = (await w.pb.collection('items').create(form)).id;
  await w.pb
    .collection('items')
    .create({ section: section.id, name: 'Polenta', description: 'No photo', prices: [{ label: '', amount: 900 }] });
  venueId = (
    await w.pb
      .collection('venues')
      .create({ organization: w.org, name: 'Osteria', slug: 'osteria', timezone: 'UTC', primaryColor: '#facc15', menus: [menu.id] })
  ).id;
});
afterAll(() => w.t.close());

const page = async (url = '/m/osteria') => (await w.t.app.inject({ method: 'GET', url })).body;
const style = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
const setLayout = (layout: string) => w.pb.collection('menus').update(menuId, { layout });
const previewUrl = async () =>
  ((await w.call('POST', `/api/menus/${menuId}/preview-link`, { language: 'en' })).json() as { url: string }).url;

describe('themes', () => {
  it('renders each layout with its own CSS only: cards and grid with wide photos, compact without any', async () => {
    const classes = { list: '', cards: 'lk', compact: 'lc', grid: 'lp' } as const;
    for (const layout of LAYOUTS) {
      await setLayout(layout);
      const html = await page();
      const css = style(html);
      expect(html, layout).toContain(`<section class="m${classes[layout] ? ` ${classes[layout]}` : ''}" aria-labelledby`);
      for (const other of LAYOUTS.filter((l) => l !== layout && classes[l]))
        expect(css, `${layout} ships ${other}`).not.toContain(`.${classes[other]} `);
      const img = /<img src="\/api\/files\/items\/[^"]+"[^>]*>/.exec(html)?.[0] ?? '';
      if (layout === 'compact') expect(img).toBe('');
      else if (layout === 'list') expect(img).toContain('?thumb=160x160" width="80" height="80"');
      else expect(img).toMatch(/\?thumb=480x320" srcset="[^"]+\?thumb=960x640 2x" width="480" height="320"/);
      // The dishes, their prices and links are there in every layout (readable without JavaScript).
      expect(html).toContain(`/m/osteria/i/${photoItem}`);
      expect(html).toContain('€14.00');
      expect(html).toContain('Polenta');
    }
    await setLayout('');
    expect(style(await page())).not.toMatch(/\.l[kcp] /);
  });

  it('uses installed system fonts only: no web font, no font URL', async () => {
    for (const font of FONT_PAIRINGS) {
      await w.pb.collection('venues').update(venueId, { fontPairing: font });
      const css = style(await page());
      expect(css).not.toMatch(/@font-face|@import|url\(\s*["']?(https?:|\/\/)/i);
      if (font === 'modern') expect(css).not.toContain('h1,h2,h3{font-family');
      else expect(css).toMatch(/h1,h2,h3\{font-family:[^}]*(serif|sans-serif)\}/);
    }
    expect(style(await page())).toContain('ui-rounded');
    // A dish's own page reads in the same fonts.
    expect(style(await page(`/m/osteria/i/${photoItem}`))).toContain('h1,h2,h3{font-family:ui-rounded');
    await w.pb.collection('venues').update(venueId, { fontPairing: '' });
  });

  it('refuses an unknown layout or font pairing with the field named', async () => {
    const menu = await w.call('PATCH', `/api/collections/menus/records/${menuId}`, { layout: 'masonry' });
    expect(menu.statusCode).toBe(400);
    expect((menu.json() as { data: Record<string, { code: string }> }).data.layout?.code).toBe('validation_invalid_value');
    const venue = await w.call('PATCH', `/api/collections/venues/records/${venueId}`, { fontPairing: 'comic-sans' });
    expect(venue.statusCode).toBe(400);
    expect((venue.json() as { data: Record<string, { code: string }> }).data.fontPairing?.code).toBe('validation_invalid_value');
  });

  it('shows the cover as a responsive, decorative image that reserves its space, above the name', async () => {
    const form = new FormData();
    form.set('cover', new Blob([await png(2000, 900, '#1e3a8a')], { type: 'image/png' }), 'cover.png');
    await w.pb.collection('venues').update(venueId, form);
    const html = await page();
    const img = /<img class="cv"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toMatch(/ width="960" height="320"/);
    expect(img).toContain(' alt=""');
    expect(img).not.toContain('loading="lazy"');
    const srcset = / srcset="([^"]+)"/.exec(img)?.[1] ?? '';
    const candidates = srcset.split(',').map((c) => c.trim().split(' '));
    expect(candidates.map((c) => c[1])).toEqual(['480w', '960w', '1440w']);
    // Each candidate is a real image of the width it claims, in the 3:1 shape the page reserves.
    for (const [url, width] of candidates) {
      const res = await w.t.app.inject({ method: 'GET', url: String(url) });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}w`).toBe(width);
      expect((meta.width ?? 0) / (meta.height ?? 1)).toBe(3);
    }
    // The venue's name sits below the cover, on the page background (never on the photo).
    expect(html.indexOf('<img class="cv"')).toBeLessThan(html.indexOf('<header>'));
    expect(style(html)).toContain('.cv{');
  });

  it('previews unsaved layout, font and colour on the preview route only, each checked', async () => {
    await setLayout('list');
    const url = await previewUrl();
    const html = await page(`${url}?layout=grid&font=elegant&color=%23123456`);
    expect(html).toContain('<section class="m lp"');
    expect(style(html)).toContain('Palatino');
    expect(style(html)).toContain('--b:#123456');
    // The saved theme is untouched, and the public page ignores the parameters.
    expect((await w.pb.collection('menus').getOne(menuId)).layout).toBe('list');
    const pub = await page('/m/osteria?layout=grid&font=elegant&color=%23123456');
    expect(pub).toContain('<section class="m" aria-labelledby');
    expect(style(pub)).not.toContain('Palatino');
    expect(style(pub)).not.toContain('#123456');
    for (const bad of ['layout=masonry', 'font=comic', 'color=red', 'color=%23abc%22%3E', 'layout=grid&layout=list']) {
      const res = await w.t.app.inject({ method: 'GET', url: `${url}?${bad}` });
      expect(res.statusCode, bad).toBe(400);
      const name = bad.split('=')[0] ?? '';
      expect((res.json() as { data: Record<string, { code: string }> }).data[name]?.code, bad).toBe('validation_invalid_value');
    }
  });

  it('keeps every text readable on every layout in both schemes, whatever the brand colour', async () => {
    const url = await previewUrl();
    for (const color of ['#facc15', '#0b1d51', '#e11d48', '#ffffff', '#000000'])
      for (const layout of LAYOUTS) {
        const css = style(await page(`${url}?layout=${layout}&color=${encodeURIComponent(color)}`));
        // The variables of each scheme as the page sets them: a `:root` right inside the dark-scheme query is the dark one's.
        const vars = (scheme: 'light' | 'dark') => {
          const found: Record<string, string> = {};
          for (const m of css.matchAll(/(@media\(prefers-color-scheme:dark\)\{)?:root\{([^}]*)\}/g)) {
            if (Boolean(m[1]) !== (scheme === 'dark')) continue;
            for (const [, k, v] of (m[2] ?? '').matchAll(/(--\w+):(#(?:[0-9a-f]{6}|[0-9a-f]{3}))\b/gi)) found[String(k)] = String(v);
          }
          return found;
        };
        const dark = { ...vars('light'), ...vars('dark') };
        for (const k of ['--b', '--fg', '--mu', '--bg', '--cd']) {
          expect(vars('light')[k], k).toMatch(/^#/);
          expect(vars('dark')[k], k).toMatch(/^#/);
        }
        // Every background a dish of this layout is drawn on (the page's, or the layout's cards and tiles).
        const backgrounds = new Set(['--bg']);
        for (const m of css.matchAll(/\.l[kcp] [^{]*\.i[^{]*\{([^}]*)\}/g))
          for (const b of (m[1] ?? '').matchAll(/background:var\((--\w+)\)/g)) backgrounds.add(String(b[1]));
        for (const scheme of ['light', 'dark'] as const) {
          const v = scheme === 'dark' ? dark : vars('light');
          for (const bg of backgrounds)
            for (const fg of ['--fg', '--mu', '--b']) {
              const ratio = contrastRatio(String(v[fg]), String(v[bg]));
              expect(ratio, `${color} ${layout} ${scheme}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(WCAG_AA);
            }
        }
      }
  });
});
