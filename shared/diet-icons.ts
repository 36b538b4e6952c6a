import type { DietKey } from './diets.ts';

/**
 * The dietary labels' icons, drawn the same on the guest page (server/modules/guest-menu/diet-icons.ts,
 * an SVG sprite) and in the staff app's label picker: one drawing per label. Each colour keeps at
 * least 3:1 against both page backgrounds (WCAG 1.4.11, checked by the guest page's diet-icons.test.ts);
 * colour is never the only cue, each icon is named by its label.
 */
export interface Icon {
  color: string;
  /** Path data in a 16×16 box. */
  d: string;
  /** Paths with holes (a fish's eye, a crossed-out wheat ear) are drawn even-odd. */
  evenOdd?: boolean;
  /** Icons wider than one square (spice levels): how many squares. */
  width?: number;
}

const CHILI = 'M13 1c-.5 1-1 1.5-2 1.8C9.8 2.4 8.8 3 8.5 4.3 7.5 9 4.5 12 1 13.5c5 2 10-1.5 11-7 .2-1.3-.3-2.3-1-2.8.8-.6 1.5-1.5 2-2.7z';
const SLASH = 'M1.5 2.5l1-1 12 12-1 1z';

export const DIET_ICONS: Record<DietKey, Icon> = {
  vegan: { color: '#059669', d: 'M7.3 15V9.6C3.4 9.5 1 7.2 1 3c4 0 6.3 2.2 6.6 5.6C8 5 10.4 3 15 3c0 4.3-2.6 6.5-6.3 6.6V15z' },
  vegetarian: { color: '#4d7c0f', d: 'M15 1C6 1 2 5 2 10c0 1.4.4 2.6 1 3.5L1.3 15.2l.9.9L4 14.3c1 .7 2.2 1.1 3.5 1.1C13 15.4 15 9 15 1z' },
  pescatarian: {
    color: '#0284c7',
    d: 'M3 8c2-3 5-4.5 8-3.8 1.6.4 3 1.8 4.5 3.8-1.5 2-2.9 3.4-4.5 3.8C8 12.5 5 11 3 8zm0 0L0 4.5v7zm8.5-.8a.8.8 0 110 1.6.8.8 0 010-1.6z',
    evenOdd: true,
  },
  halal: { color: '#0d9488', d: 'M10 1.5A6.5 6.5 0 1 0 14.5 12 5.2 5.2 0 1 1 10 1.5z' },
  kosher: {
    color: '#3b82f6',
    d: 'M8 0a8 8 0 100 16A8 8 0 008 0zm0 1.8a6.2 6.2 0 110 12.4A6.2 6.2 0 018 1.8zM5.5 4.5h1.6v3l2.7-3h2L8.7 7.8l3.3 3.7H9.9L7.1 8.3v3.2H5.5z',
    evenOdd: true,
  },
  'gluten-free': {
    color: '#d97706',
    d: `M7.3 4h1.4v11H7.3zM8 1c1 1 1 2.5 0 3.5C7 3.5 7 2 8 1zm0 5.5c1.1.7 2.5.5 3.5-.5-.5-1-1.8-1.3-3.5-.5zm0 0c-1.1.7-2.5.5-3.5-.5.5-1 1.8-1.3 3.5-.5zm0 3c1.1.7 2.5.5 3.5-.5-.5-1-1.8-1.3-3.5-.5zm0 0c-1.1.7-2.5.5-3.5-.5.5-1 1.8-1.3 3.5-.5z${SLASH}`,
    evenOdd: true,
  },
  'lactose-free': { color: '#8b5cf6', d: `M8 1C6 4.5 3.5 7 3.5 10a4.5 4.5 0 009 0C12.5 7 10 4.5 8 1z${SLASH}`, evenOdd: true },
  alcohol: { color: '#e11d48', d: 'M4 1h8l-.3 4a3.8 3.8 0 01-2.9 3.8V13H11v2H5v-2h2.2V8.8A3.8 3.8 0 014.3 5z' },
  'spicy-1': { color: '#dc2626', d: CHILI },
  'spicy-2': { color: '#dc2626', d: CHILI, width: 2 },
  'spicy-3': { color: '#dc2626', d: CHILI, width: 3 },
  new: { color: '#ea580c', d: 'M8 0l2.2 5.2L16 6l-4.3 3.8L13 16l-5-3-5 3 1.3-6.2L0 6l5.8-.8z' },
  'chefs-pick': {
    color: '#6b7280',
    d: 'M4 10.5C1.5 10 .5 8 1.2 6.2 1.9 4.6 3.6 4 5 4.4 5.5 2.4 6.7 1.3 8 1.3s2.5 1.1 3 3.1c1.4-.4 3.1.2 3.8 1.8.7 1.8-.3 3.8-2.8 4.3V13H4zM4 14h8v1.5H4z',
  },
};
