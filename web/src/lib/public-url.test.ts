import { describe, expect, it } from 'vitest';
import { isPrivateAddress, publicUrl } from './public-url.ts';

describe('publicUrl', () => {
  it('builds links on APP_URL, not on the host the page was opened through', () => {
    expect(publicUrl('https://menu.example.com', '/m/cafe')).toBe('https://menu.example.com/m/cafe');
    expect(publicUrl('https://menu.example.com/', '/m/cafe')).toBe('https://menu.example.com/m/cafe');
    expect(publicUrl('', '/m/cafe')).toBe(`${window.location.origin}/m/cafe`);
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['http://127.0.0.1:8090/m/x', true],
    ['http://localhost:8090', true],
    ['http://app.localhost', true],
    ['http://10.0.0.5', true],
    ['http://172.16.0.1', true],
    ['http://172.31.255.1', true],
    ['http://192.168.1.20:8090', true],
    ['http://169.254.1.1', true],
    ['http://[::1]:8090', true],
    ['http://[fd12:3456::1]', true],
    ['http://bistro.local', true],
    ['http://172.32.0.1', false],
    ['http://11.0.0.1', false],
    ['https://menu.example.com', false],
    ['https://[2001:db8::1]', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isPrivateAddress(url)).toBe(expected);
  });
});
