import type { CollectionDef } from '../../core/collections.ts';
import { MEMBER_ROLES } from '../../../shared/constants.ts';

/**
 * Pending invitations to an organization for people without an account yet. Every rule is null:
 * only this module's routes and hooks (system rights) read or write them, so the token hash never
 * leaves the server.
 */
export const invitationsCollection: CollectionDef = {
  name: 'invitations',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'email', type: 'email', required: true },
    { name: 'role', type: 'select', values: [...MEMBER_ROLES], required: true },
    /** Staff invitations: the venues the membership will list (memberships.venues). */
    { name: 'venues', type: 'relation', collection: 'venues', maxSelect: 200 },
    /** sha256 (hex) of the token in the emailed link; the token itself is never stored. */
    { name: 'tokenHash', type: 'text', required: true, hidden: true, max: 64 },
    { name: 'invitedBy', type: 'relation', collection: 'users' },
    { name: 'expires', type: 'date', required: true },
    /** Set when the invited person signed up and joined; accepted invitations are kept as history. */
    { name: 'acceptedAt', type: 'date' },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  indexes: [{ columns: ['tokenHash'], unique: true }, { columns: ['email'] }, { columns: ['organization', 'email'] }],
};
