import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertValidKey, createLocalStorage } from './storage.ts';
import type { FileStorage } from './storage.ts';

let root: string;
let storage: FileStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  storage = createLocalStorage(path.join(root, 'store'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function readStream(s: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('end', () => resolve(Buffer.concat(chunks)));
    s.on('error', reject);
  });
}

describe('createLocalStorage', () => {
  it('puts, reads, stats and checks existence, creating nested dirs', async () => {
    await storage.put('col1/rec1/a.txt', Buffer.from('hello'));
    expect((await storage.read('col1/rec1/a.txt'))?.toString()).toBe('hello');
    expect(fs.readFileSync(path.join(root, 'store', 'col1', 'rec1', 'a.txt'), 'utf8')).toBe('hello');
    const st = await storage.stat('col1/rec1/a.txt');
    expect(st?.size).toBe(5);
    expect(st?.mtimeMs).toBeGreaterThan(0);
    expect(await storage.exists('col1/rec1/a.txt')).toBe(true);
  });

  it('overwrites atomically and leaves no tmp files behind', async () => {
    await storage.put('c/r/f.bin', Buffer.alloc(1000, 1));
    await Promise.all(Array.from({ length: 10 }, (_, i) => storage.put('c/r/f.bin', Buffer.alloc(100 + i, i))));
    const data = await storage.read('c/r/f.bin');
    // Whatever write won, the content is one complete write, never a mix.
    expect(data).not.toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(100);
    expect(data!.every((b) => b === data![0])).toBe(true);
    expect(data!.length).toBe(100 + data![0]!);
    expect(fs.readdirSync(path.join(root, 'store', 'c', 'r'))).toEqual(['f.bin']);
  });

  it('returns null / false for missing files, directories and paths through a file', async () => {
    await storage.put('c/r/f.txt', Buffer.from('x'));
    expect(await storage.read('c/r/missing.txt')).toBeNull();
    expect(await storage.stat('c/r/missing.txt')).toBeNull();
    expect(await storage.exists('c/r/missing.txt')).toBe(false);
    expect(await storage.read('c/r')).toBeNull();
    expect(await storage.stat('c/r')).toBeNull();
    expect(await storage.read('c/r/f.txt/nested')).toBeNull();
  });

  it('streams whole files and inclusive ranges', async () => {
    await storage.put('c/r/f.txt', Buffer.from('0123456789'));
    expect((await readStream(storage.openReadStream('c/r/f.txt'))).toString()).toBe('0123456789');
    expect((await readStream(storage.openReadStream('c/r/f.txt', { start: 2, end: 5 }))).toString()).toBe('2345');
  });

  it('delete ignores missing files; deletePrefix removes a record folder with thumbs', async () => {
    await storage.delete('c/r/nope.txt');
    await storage.delete('nothing/here/at/all');
    await storage.put('c/r1/a.png', Buffer.from('a'));
    await storage.put('c/r1/thumbs_a.png/10x10_a.png', Buffer.from('t'));
    await storage.put('c/r2/b.png', Buffer.from('b'));
    await storage.delete('c/r1/a.png');
    expect(await storage.exists('c/r1/a.png')).toBe(false);
    await storage.deletePrefix('c/r1');
    expect(fs.existsSync(path.join(root, 'store', 'c', 'r1'))).toBe(false);
    expect(await storage.exists('c/r2/b.png')).toBe(true);
    await storage.deletePrefix('c/r1'); // already gone: no error
    await storage.deletePrefix('c/r2/');
    expect(await storage.exists('c/r2/b.png')).toBe(false);
  });

  const hostile = [
    '',
    '/etc/passwd',
    '../secret',
    'c/../../secret',
    'c/r/..',
    '..',
    'c\\..\\..\\secret',
    'c/r/a\0.png',
    'C:/Windows/win.ini',
    'c//r',
    './c',
    '/',
  ];

  it.each(hostile)('rejects hostile key %j everywhere', async (key) => {
    fs.writeFileSync(path.join(root, 'secret'), 'top secret');
    expect(() => assertValidKey(key)).toThrow();
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow();
    await expect(storage.read(key)).rejects.toThrow();
    await expect(storage.stat(key)).rejects.toThrow();
    await expect(storage.exists(key)).rejects.toThrow();
    await expect(storage.delete(key)).rejects.toThrow();
    await expect(storage.deletePrefix(key)).rejects.toThrow();
    expect(() => storage.openReadStream(key)).toThrow();
    expect(fs.readFileSync(path.join(root, 'secret'), 'utf8')).toBe('top secret');
  });

  it('accepts keys with unicode and dots inside segments', async () => {
    await storage.put('c/r/ünï…code..name.txt', Buffer.from('ok'));
    expect((await storage.read('c/r/ünï…code..name.txt'))?.toString()).toBe('ok');
  });
});

describe('createLocalStorage on an unusable root', () => {
  it('rejects a write instead of looping in mkdir forever', async () => {
    // Node's recursive mkdir spins at 100% CPU on this path; a hang fails this test by timeout.
    const broken = createLocalStorage(`/proc/qrmenu-${process.pid}/uploads`);
    await expect(broken.put('c/r/f.txt', Buffer.from('x'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 5000);
});
