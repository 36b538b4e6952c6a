import sharp from 'sharp';

/**
 * A photographed menu page for the OCR tests, drawn by Pango (sharp's text renderer) from the
 * given markup, not by our code: dark text on light paper, turned by `degrees`, on a darker
 * table (unless `table: false`) under uneven light, as a JPEG (or PNG, WebP), optionally stored turned with EXIF orientation 6.
 */
export async function menuPhoto(
  markup: string,
  options: { degrees?: number; orientation?: number; format?: 'jpeg' | 'png' | 'webp'; table?: boolean } = {},
): Promise<Buffer> {
  // An A5 page at 150 dpi with the text 90 px from its top left corner.
  const text = await sharp({ text: { text: markup, font: 'DejaVu Sans 11', dpi: 150, rgba: false } })
    .greyscale()
    .negate()
    .png()
    .toBuffer();
  const page = await sharp({ create: { width: 874, height: 1240, channels: 3, background: '#f4f1ea' } })
    .composite([{ input: text, left: 90, top: 90, blend: 'multiply' }])
    .png()
    .toBuffer();
  // On a table (the default), or the page alone filling the picture (a scanner's flatbed).
  const ground = options.table === false ? '#f4f1ea' : '#5a4a3a';
  const photo = await sharp(page)
    .rotate(options.degrees ?? 0, { background: ground })
    .extend({ top: 70, bottom: 70, left: 70, right: 70, background: ground })
    .png()
    .toBuffer();
  // Uneven light: a gradient from the top left, multiplied in.
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#9a9a9a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  let image = sharp(
    await sharp(photo)
      .composite([{ input: gradient, blend: 'multiply' }])
      .png()
      .toBuffer(),
  );
  // EXIF orientation 6 means "turn 90° clockwise to view": the pixels are stored turned back.
  if (options.orientation === 6) image = sharp(await image.rotate(-90).png().toBuffer()).withMetadata({ orientation: 6 });
  const format = options.format ?? 'jpeg';
  return format === 'jpeg'
    ? image.jpeg({ quality: 80 }).toBuffer()
    : format === 'png'
      ? image.png().toBuffer()
      : image.webp({ quality: 85 }).toBuffer();
}

export const CAFE_MARKUP = [
  '<span size="x-large"><b>Café Linde</b></span>',
  '',
  '<span size="large"><b>Starters</b></span>',
  'Tomato soup\t\t\t\t6.50',
  'Greek salad with feta\t\t\t8.90',
  '',
  '<span size="large"><b>Mains</b></span>',
  'Grilled salmon\t\t\t\t19.50',
  'Mushroom risotto\t\t\t14.00',
].join('\n');
