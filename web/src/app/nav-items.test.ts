import { describe, expect, it } from 'vitest';
import { isBilling, navFor } from './nav-items.ts';
import { paths, serviceVenueInPath } from './paths.ts';

describe('the navigation of a role', () => {
  const hrefs = (role: Parameters<typeof navFor>[0]) => navFor(role).map((i) => i.href);

  it('gives floor staff service mode, their venues and help, in that order', () => {
    expect(hrefs('staff')).toEqual([paths.serviceVenues(), paths.venues(), paths.help()]);
  });
  it('leaves billing out for editors only', () => {
    expect(hrefs('editor')).not.toContain(paths.settingsBilling());
    expect(hrefs('editor')).toContain(paths.settingsOrganization());
    for (const role of ['owner', 'admin', null, undefined] as const) expect(hrefs(role)).toContain(paths.settingsBilling());
  });
  it('tells billing pages by path, whatever the query or trailing slash', () => {
    expect(isBilling('/settings/billing?x=1')).toBe(true);
    expect(isBilling('/settings/billing/')).toBe(true);
    expect(isBilling('/settings/organization')).toBe(false);
  });
});

describe("service mode's address", () => {
  it('names the venue paths.service built, and nothing else', () => {
    expect(serviceVenueInPath(paths.service('abc 1/2'))).toBe('abc 1/2');
    expect(serviceVenueInPath('/service/abc/')).toBe('abc');
    expect(serviceVenueInPath('/service')).toBeUndefined();
    expect(serviceVenueInPath('/service/')).toBeUndefined();
    expect(serviceVenueInPath('/service/a/b')).toBeUndefined();
    expect(serviceVenueInPath('/venues/abc')).toBeUndefined();
    expect(serviceVenueInPath('/service/%E0')).toBe('%E0');
  });
});
