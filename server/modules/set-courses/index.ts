import type { ProductModule } from '../module.ts';
import { setCoursesCollection } from './collection.ts';
import { registerSetCourseHooks } from './hooks.ts';

/** Set menus (issue 20, item 2): the courses of an item of kind `set`, and the rules of sets on items. */
export const setCoursesModule: ProductModule = {
  name: 'set-courses',
  collections: [setCoursesCollection],
  register: (ctx) => registerSetCourseHooks(ctx.engine),
};
