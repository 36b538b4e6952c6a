import type { CollectionDef } from '../../core/collections.ts';
import { HELP_STATUSES } from '../../../shared/constants.ts';
import { isVerified, memberOf } from '../rules.ts';

/** Help requests: users create and see only their own; support (superusers) handles them. */
export const helpRequestsCollection: CollectionDef = {
  name: 'help_requests',
  fields: [
    { name: 'user', type: 'relation', collection: 'users', required: true, cascadeDelete: true },
    { name: 'organization', type: 'relation', collection: 'organizations' },
    { name: 'title', type: 'text', max: 100 },
    { name: 'description', type: 'text', max: 1000 },
    { name: 'sessionReplayUrl', type: 'url' },
    { name: 'status', type: 'select', values: [...HELP_STATUSES] },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  listRule: 'user = @request.auth.id',
  viewRule: 'user = @request.auth.id',
  createRule: `${isVerified} && user = @request.auth.id && (organization = "" || (${memberOf('organization')})) && (@request.body.status:isset = false || @request.body.status = "open")`,
  updateRule: null,
  deleteRule: null,
};
