import type { ProductModule } from '../module.ts';
import { optionGroupsCollection, optionsCollection } from './collections.ts';
import { registerOptionHooks } from './hooks.ts';

/** Option groups and their options (issue 20): extras and choices shared by an organization's items. */
export const optionsModule: ProductModule = {
  name: 'options',
  collections: [optionGroupsCollection, optionsCollection],
  register: (ctx) => registerOptionHooks(ctx.engine),
};
