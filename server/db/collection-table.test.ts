import { describe, expect, it } from 'vitest';
import { normalizeCollection } from '../core/collections.ts';
import { indexPlan } from './collection-table.ts';

describe('indexPlan: the indexes both engines create for a collection', () => {
  it('lists declared indexes, a case-insensitive unique email for auth collections, and every single relation', () => {
    const members = normalizeCollection({
      name: 'members',
      type: 'auth',
      fields: [
        { name: 'team', type: 'relation', collection: 'teams', maxSelect: 1 },
        { name: 'tags', type: 'relation', collection: 'tags', maxSelect: 5 },
        { name: 'venue', type: 'relation', collection: 'venues', maxSelect: 1 },
        { name: 'code', type: 'text' },
      ],
      indexes: [{ columns: ['venue', 'code'], unique: true }],
    });
    const plans = indexPlan(members);
    expect(plans).toContainEqual({ name: 'idx_members_venue_code_unique', unique: true, columns: ['venue', 'code'], nocase: false });
    expect(plans).toContainEqual({ name: 'idx_members_email_unique', unique: true, columns: ['email'], nocase: true });
    expect(plans).toContainEqual({ name: 'idx_members_team', unique: false, columns: ['team'], nocase: false });
    // A relation leading a declared index needs no index of its own; multi-relations are JSON arrays.
    expect(plans.map((p) => p.name)).not.toContain('idx_members_venue');
    expect(plans.map((p) => p.name)).not.toContain('idx_members_tags');
  });

  it('refuses an index on a column the collection does not have', () => {
    const broken = normalizeCollection({ name: 'broken', fields: [{ name: 'title', type: 'text' }], indexes: [{ columns: ['titel'] }] });
    expect(() => indexPlan(broken)).toThrow('Index on unknown column broken.titel');
  });
});
