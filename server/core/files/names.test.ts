import { describe, expect, it } from 'vitest';
import { randomSuffix, storedFileName } from './names.ts';

const R = '[a-z0-9]{10}';

describe('randomSuffix', () => {
  it('is [a-z0-9] of the requested length and varies', () => {
    expect(randomSuffix()).toMatch(/^[a-z0-9]{10}$/);
    expect(randomSuffix(3)).toMatch(/^[a-z0-9]{3}$/);
    expect(randomSuffix(64)).toMatch(/^[a-z0-9]{64}$/);
    expect(new Set(Array.from({ length: 50 }, () => randomSuffix())).size).toBe(50);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(randomSuffix(5000));
    expect(seen.size).toBe(36);
  });
});

describe('storedFileName', () => {
  it('snake-cases the base and keeps the extension case', () => {
    expect(storedFileName('My Photo.JPG')).toMatch(new RegExp(`^my_photo_${R}\\.JPG$`));
    expect(storedFileName('  --Hello,  World!!--.png')).toMatch(new RegExp(`^hello_world_${R}\\.png$`));
  });

  it('keeps double extensions', () => {
    expect(storedFileName('archive.tar.gz')).toMatch(new RegExp(`^archive_${R}\\.tar\\.gz$`));
    expect(storedFileName('my.backup.tar.gz')).toMatch(new RegExp(`^my_backup_${R}\\.tar\\.gz$`));
  });

  it('pads short names with random chars', () => {
    expect(storedFileName('a.png')).toMatch(new RegExp(`^a${R}_${R}\\.png$`));
    expect(storedFileName('.png')).toMatch(new RegExp(`^${R}_${R}\\.png$`));
    expect(storedFileName('日本.png')).toMatch(new RegExp(`^${R}_${R}\\.png$`));
  });

  it('uses the detected extension only when the name has none', () => {
    expect(storedFileName('photo', '.png')).toMatch(new RegExp(`^photo_${R}\\.png$`));
    expect(storedFileName('photo', 'webp')).toMatch(new RegExp(`^photo_${R}\\.webp$`));
    expect(storedFileName('photo.jpg', '.png')).toMatch(new RegExp(`^photo_${R}\\.jpg$`));
    expect(storedFileName('photo.', '.png')).toMatch(new RegExp(`^photo_${R}\\.png$`));
    expect(storedFileName('photo')).toMatch(new RegExp(`^photo_${R}$`));
  });

  it('sanitizes and truncates extensions', () => {
    expect(storedFileName('x.p"n<g>')).toMatch(new RegExp(`^x${R}_${R}\\.png$`));
    expect(storedFileName('file.ünï')).toMatch(new RegExp(`^file_${R}\\.n$`));
    const long = storedFileName('file.' + 'a'.repeat(50));
    expect(long).toMatch(new RegExp(`^file_${R}\\.a{20}$`));
  });

  it('truncates 300-char names to a 100-char base', () => {
    const name = storedFileName('x'.repeat(300) + '.png');
    expect(name).toMatch(new RegExp(`^x{100}_${R}\\.png$`));
  });

  it('never produces path separators or traversal for hostile names', () => {
    const hostile = [
      '../../etc/passwd',
      '..\\..\\windows\\system32\\cmd.exe',
      '/abs/path/evil.sh',
      'a/b/../../c.png',
      'quote"s\'and\\back.txt',
      'nul\0byte.png',
      'crlf\r\nheader.txt',
      '..',
      '.',
      '',
      '🎉🎉🎉.gif',
      'e\u0301cole.pdf',
      'x.png/../../../etc',
      'evil.ph/p',
    ];
    for (const h of hostile) {
      const n = storedFileName(h);
      expect(n, h).toMatch(/^[a-z0-9_]+(\.[\w.*\-+=#]*)?$/);
      expect(n, h).not.toMatch(/[\\/\0\r\n]/);
      expect(n, h).not.toMatch(/^\.|^\.\.$/);
      expect(n.length, h).toBeLessThanOrEqual(100 + 1 + 10 + 21);
    }
    expect(storedFileName('../../etc/passwd')).toMatch(new RegExp(`^passwd_${R}$`));
    expect(storedFileName('C:\\Users\\me\\Cute Cat.jpeg')).toMatch(new RegExp(`^cute_cat_${R}\\.jpeg$`));
  });

  it('gives different names for the same upload', () => {
    expect(storedFileName('a.png')).not.toBe(storedFileName('a.png'));
  });
});
