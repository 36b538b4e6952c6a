import type { CollectionDef } from '../../core/collections.ts';
import { STAFF_LANGUAGES } from '../../../shared/i18n/staff-languages.ts';

/** The product's accounts. Users sign themselves up and see and change only themselves. */
export const usersCollection: CollectionDef = {
  id: '_pb_users_auth_',
  name: 'users',
  type: 'auth',
  fields: [
    { name: 'name', type: 'text', max: 100 },
    {
      name: 'avatar',
      type: 'file',
      maxSize: 5 * 1024 * 1024,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      thumbs: ['100x100', '200x200'],
    },
    { name: 'onboardingComplete', type: 'bool' },
    /** The organization the app works in; only one the user is a member of. */
    { name: 'currentOrganization', type: 'relation', collection: 'organizations' },
    /**
     * The staff app's and the emails' language, chosen in the profile (empty: not chosen yet; the
     * app then follows the browser and emails are English).
     */
    { name: 'language', type: 'select', values: [...STAFF_LANGUAGES] },
    /** Set by a superuser in the console: every sign-in and token refresh is refused (authRule). */
    { name: 'disabled', type: 'bool' },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  listRule: 'id = @request.auth.id',
  viewRule: 'id = @request.auth.id',
  // Sign-up may not pick an organization or skip onboarding: both are set by the product.
  createRule:
    '@request.body.currentOrganization:isset = false && @request.body.onboardingComplete:isset = false && @request.body.disabled:isset = false',
  updateRule:
    'id = @request.auth.id && @request.body.disabled:isset = false && (@request.body.currentOrganization:isset = false || @request.body.currentOrganization = "" || (@collection.memberships.user ?= id && @collection.memberships.organization ?= @request.body.currentOrganization))',
  deleteRule: 'id = @request.auth.id',
  // A disabled account signs in no way (password, code, OAuth2) and refreshes no token.
  auth: { otp: { enabled: true, duration: 600, length: 6 }, authRule: 'disabled = false' },
};
