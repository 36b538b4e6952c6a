import type { CollectionDef } from '../../core/collections.ts';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_OCR_PAGES, UPLOAD_STATUSES } from '../../../shared/constants.ts';
import { tenantRules } from '../rules.ts';

/**
 * Uploaded menus (a PDF, or photos of the printed pages in order) and their extracted drafts.
 * The files are protected. `file` is the PDF or the first photo, `photos` further photos.
 */
export const menuUploadsCollection: CollectionDef = {
  name: 'menu_uploads',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 100 },
    { name: 'file', type: 'file', protected: true, maxSize: UPLOAD_MAX_BYTES, mimeTypes: ['application/pdf', ...UPLOAD_IMAGE_TYPES] },
    { name: 'photos', type: 'file', protected: true, maxSize: UPLOAD_MAX_BYTES, maxSelect: UPLOAD_MAX_OCR_PAGES, mimeTypes: [...UPLOAD_IMAGE_TYPES] },
    { name: 'status', type: 'select', values: [...UPLOAD_STATUSES] },
    { name: 'error', type: 'text', max: 1000 },
    { name: 'pages', type: 'number', onlyInt: true, min: 0 },
    { name: 'progress', type: 'number', min: 0, max: 100 },
    { name: 'draft', type: 'json', maxSize: 2 * 1024 * 1024 },
    { name: 'menu', type: 'relation', collection: 'menus' },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  ...tenantRules('organization', 'organization'),
  indexes: [{ columns: ['organization', 'created'] }, { columns: ['status'] }],
};
