import type { CollectionDef } from '../../core/collections.ts';
import { tenantRules } from '../rules.ts';

/** Free labels such as Vegan or Spicy, per organization. */
export const tagsCollection: CollectionDef = {
  name: 'tags',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 50 },
    { name: 'color', type: 'text', max: 7 },
    /** The tag's name in other languages (shared/translations.ts). */
    { name: 'translations', type: 'json', maxSize: 10000 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  ...tenantRules('organization', 'organization'),
  indexes: [{ columns: ['organization', 'name'] }],
};
