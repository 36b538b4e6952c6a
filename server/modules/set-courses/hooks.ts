import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { itemKindOf, MAX_COURSES_PER_SET, zSetCourseRecord } from '../../../shared/set-menus.ts';
import { submitted, validateWith, valuesOf, writeFailed } from '../hook-helpers.ts';
import { normalizeTranslations } from '../translation-hooks.ts';
import { itemsWithMenu, menuOfSection } from '../menus/queries.ts';
import { countCoursesOfItem, isChoiceOfAnyCourse, laterCourses, maxCoursePosition, setHasChoices } from './queries.ts';

const MISSING = 'Failed to find all relation records with the provided ids.';

/**
 * Set menus: a set (an item of kind `set`) has exactly one price, its fixed price; its courses
 * offer dishes of its own menu that are not sets themselves, at most MAX_COURSES_PER_SET courses
 * in dense positions; texts are translatable. A dish offered in a course cannot become a set or
 * leave the menu, nor can a set with choices (its choices would point into another menu).
 */
export function registerSetCourseHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const courses = engine.collection('set_courses');
  const items = engine.collection('items');

  const checkCourse = (ctx: HookContext) => {
    const values = valuesOf(courses, ctx.row);
    validateWith(ctx, zSetCourseRecord, values);
    const [set] = itemsWithMenu(stmts, [String(ctx.row.item)]);
    if (!set || itemKindOf(set.kind) !== 'set')
      throw writeFailed(ctx, { item: fieldError('validation_invalid_value', 'Courses belong to a set menu (an item of kind "set").') });
    const ids = [...new Set(values.choices as string[])];
    const found = itemsWithMenu(stmts, ids);
    // Another organization's dishes are as good as unknown; the own organization's get a reason.
    if (found.length !== ids.length || found.some((c) => c.organization !== set.organization))
      throw writeFailed(ctx, { choices: fieldError('validation_missing_rel_records', MISSING) });
    if (found.some((c) => c.menu !== set.menu))
      throw writeFailed(ctx, { choices: fieldError('validation_invalid_value', 'A course offers dishes of the set menu’s own menu.') });
    if (found.some((c) => itemKindOf(c.kind) === 'set'))
      throw writeFailed(ctx, { choices: fieldError('validation_invalid_value', 'A set menu cannot be a choice of a course.') });
    ctx.row.choices = JSON.stringify(ids);
    normalizeTranslations(ctx, 'set_courses');
  };
  hooks.before('set_courses', 'create', (ctx) => {
    const item = String(ctx.row.item);
    if (countCoursesOfItem(stmts, item) >= MAX_COURSES_PER_SET)
      throw writeFailed(ctx, { item: fieldError('validation_invalid_value', `A set menu has at most ${MAX_COURSES_PER_SET} courses.`) });
    if (!submitted(ctx, 'position')) {
      const max = maxCoursePosition(stmts, item);
      ctx.row.position = max === undefined ? 0 : max + 1;
    }
    checkCourse(ctx);
  });
  hooks.before('set_courses', 'update', checkCourse);
  // After a delete, later courses move up so positions stay 0..n-1 (a set's own delete takes them all).
  hooks.after('set_courses', 'delete', (ctx) => {
    for (const later of laterCourses(stmts, String(ctx.row.item), Number(ctx.row.position)))
      ctx.tx.update('set_courses', later.id, { position: later.position - 1 });
  });

  const checkItem = (ctx: HookContext) => {
    const values = valuesOf(items, ctx.row);
    const kind = itemKindOf(values.kind);
    if (kind === 'set' && (values.prices as unknown[]).length !== 1)
      throw writeFailed(ctx, { prices: fieldError('validation_invalid_value', 'A set menu has one fixed price.') });
    if (!ctx.before) return;
    const id = String(ctx.row.id);
    if (kind === 'set' && itemKindOf(ctx.before.kind) !== 'set' && isChoiceOfAnyCourse(stmts, id))
      throw writeFailed(ctx, {
        kind: fieldError('validation_invalid_value', 'This dish is a choice of a set menu’s course; a set menu cannot be a choice.'),
      });
    if (
      ctx.row.section !== ctx.before.section &&
      menuOfSection(stmts, String(ctx.row.section)) !== menuOfSection(stmts, String(ctx.before.section))
    ) {
      if (isChoiceOfAnyCourse(stmts, id))
        throw writeFailed(ctx, {
          section: fieldError(
            'validation_invalid_value',
            'This dish is a choice of a set menu’s course, which offers dishes of its own menu only.',
          ),
        });
      if (setHasChoices(stmts, id))
        throw writeFailed(ctx, {
          section: fieldError(
            'validation_invalid_value',
            'This set menu’s courses offer dishes of its menu; remove them before moving it to another menu.',
          ),
        });
    }
  };
  hooks.before('items', 'create', checkItem);
  hooks.before('items', 'update', checkItem);
}
