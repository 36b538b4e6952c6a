import { describe, expect, it } from 'vitest';
import { bodyFreePart } from './write-precheck.ts';

// Shaped like the product's tenant rules (modules/rules.ts), which core/ may not import.
const member = '@collection.memberships.user ?= @request.auth.id && @collection.memberships.organization ?= organization';
const subscribed = '(organization.subscriptionStatus = "active" || organization.subscriptionStatus = "trialing")';
const writeRule = `@request.auth.id != "" && @request.auth.verified = true && ${member} && ${subscribed}`;
const updateRule = `${writeRule} && (@request.body.organization:isset = false || @request.body.organization = organization)`;

const requestOnly = (id: string) => id.startsWith('@request.auth.') || id === 'true';
const requestOrStored = (id: string) => requestOnly(id) || !id.startsWith('@');

describe('bodyFreePart', () => {
  it('keeps the top-level && parts that read only what is allowed', () => {
    expect(bodyFreePart('@request.auth.id != "" && author = @request.auth.id', requestOnly)).toBe('(@request.auth.id != "")');
    expect(bodyFreePart('@request.auth.id != "" && author = @request.auth.id', requestOrStored)).toBe(
      '(@request.auth.id != "") && (author = @request.auth.id)',
    );
    expect(bodyFreePart(writeRule, requestOnly)).toBe('(@request.auth.id != "") && (@request.auth.verified = true)');
  });

  it('drops parts reading the body or other collections, also inside groups', () => {
    const part = bodyFreePart(updateRule, requestOrStored) ?? '';
    expect(part).not.toMatch(/@request\.body|@collection/);
    expect(part).toContain('organization.subscriptionStatus = "active" || organization.subscriptionStatus = "trialing"');
  });

  it('checks nothing for a top-level ||, an empty rule or one it cannot read', () => {
    expect(bodyFreePart('@request.auth.id != "" || true', requestOnly)).toBeNull();
    expect(bodyFreePart('', requestOnly)).toBeNull();
    expect(bodyFreePart('author = @request.body.x', requestOnly)).toBeNull();
    expect(bodyFreePart('"unterminated', requestOnly)).toBeNull();
  });
});
