import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_COURSES_PER_SET, type ItemKind } from '../../../../shared/set-menus.ts';
import { reportError } from '../../lib/action-errors.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { CourseChoicesPicker } from './course-choices-picker.tsx';
import { SortableList } from './sortable-list.tsx';
import { useMenuDishes, useSetCourses, useSetCourseWrites, type DishOption, type SetCourse } from './use-set-courses.ts';

/** Dish or set menu: two radio buttons (arrow keys move between them, as radios do). */
export function ItemKindToggle({ value, onChange, error }: { value: ItemKind; onChange: (kind: ItemKind) => void; error?: string }) {
  const { t } = useTranslation('menus');
  const kinds: { kind: ItemKind; label: string }[] = [
    { kind: 'dish', label: t('setMenu.kindDish') },
    { kind: 'set', label: t('setMenu.kindSet') },
  ];
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{t('setMenu.kind')}</legend>
      <div className="inline-flex w-fit rounded-md border p-0.5">
        {kinds.map(({ kind, label }) => (
          <label
            key={kind}
            className={cn(
              'cursor-pointer rounded px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === kind ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name="item-kind"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t('setMenu.kindHint')}</p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Enter in a course field saves it (blur) instead of submitting the item form around it. */
const saveOnEnter = (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  e.currentTarget.blur();
};

/**
 * The courses of a set menu, saved as they are edited (they are records of their own): add,
 * rename, give a free text, pick the dishes of the menu each course offers, reorder (drag or
 * keyboard on the handle) and delete. `itemId` null: the set is not saved yet.
 */
export function SetCoursesEditor({ itemId, menuId }: { itemId: string | null; menuId: string }) {
  const { t } = useTranslation('menus');
  if (!itemId) return <p className="text-sm text-muted-foreground">{t('setMenu.saveFirst')}</p>;
  return <CourseList itemId={itemId} menuId={menuId} />;
}

function CourseList({ itemId, menuId }: { itemId: string; menuId: string }) {
  const { t } = useTranslation('menus');
  const [, navigate] = useLocation();
  const courses = useSetCourses(itemId);
  const dishes = useMenuDishes(menuId);
  const writes = useSetCourseWrites(itemId);
  const [draft, setDraft] = useState('');
  const run = (p: Promise<unknown>) => p.catch((err: unknown) => reportError(err, navigate));

  if (courses.error || dishes.error)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        {t('setMenu.loadError')}
        <Button type="button" variant="outline" size="sm" onClick={() => void Promise.all([courses.mutate(), dishes.mutate()])}>
          {t('setMenu.retry')}
        </Button>
      </div>
    );
  if (!courses.data || !dishes.data)
    return (
      <p className="text-sm text-muted-foreground" aria-busy="true">
        {t('setMenu.loading')}
      </p>
    );
  const list = courses.data;
  const dishList = dishes.data;
  const full = list.length >= MAX_COURSES_PER_SET;
  const add = () => {
    const name = draft.trim();
    if (!name || full) return;
    setDraft('');
    void run(writes.add({ name }));
  };
  const label = (c: SetCourse) => c.name || t('setMenu.unnamed', { n: list.indexOf(c) + 1 });

  return (
    <div className="grid gap-3">
      {list.length ? (
        <SortableList
          as="ol"
          className="grid gap-2"
          items={list}
          labelOf={label}
          onReorder={(next) => void run(writes.reorder(next))}
          renderItem={(course, handle) => (
            <CourseRow
              course={course}
              n={list.indexOf(course) + 1}
              name={label(course)}
              handle={handle}
              dishes={dishList}
              onSave={(data) => void run(writes.update(course.id, data))}
              onDelete={() => void run(writes.remove(course.id))}
            />
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('setMenu.empty')}</p>
      )}
      {full ? (
        <p className="text-sm text-muted-foreground">{t('setMenu.max', { max: MAX_COURSES_PER_SET })}</p>
      ) : (
        <div className="flex gap-2">
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              add();
            }}
            placeholder={t('setMenu.newPlaceholder')}
            aria-label={t('setMenu.newName')}
            maxLength={100}
            autoComplete="off"
            className="min-w-0 flex-1"
          />
          <Button type="button" variant="outline" onClick={add} disabled={!draft.trim()}>
            <Plus aria-hidden /> {t('setMenu.add')}
          </Button>
        </div>
      )}
    </div>
  );
}

function CourseRow({
  course,
  n,
  name,
  handle,
  dishes,
  onSave,
  onDelete,
}: {
  course: SetCourse;
  n: number;
  name: string;
  handle: React.ReactNode;
  dishes: readonly DishOption[];
  onSave: (data: Partial<Pick<SetCourse, 'name' | 'description' | 'choices'>>) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('menus');
  // A text field saves when left, only when it changed (and follows another member's save: keyed by the value).
  const text = (field: 'name' | 'description') => ({
    defaultValue: course[field],
    onKeyDown: saveOnEnter,
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value.trim();
      if (value !== course[field]) onSave({ [field]: value });
    },
  });
  return (
    <div className="grid gap-2 rounded-md border bg-card p-3">
      <div className="flex items-center gap-2">
        {handle}
        <Input
          key={`name:${course.name}`}
          {...text('name')}
          aria-label={t('setMenu.courseName', { n })}
          placeholder={t('setMenu.namePlaceholder')}
          maxLength={100}
          autoComplete="off"
          className="min-w-0 flex-1 font-medium"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="shrink-0"
          aria-label={t('setMenu.remove', { name })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <div className="grid gap-2 sm:pl-9">
        <CourseChoicesPicker dishes={dishes} value={course.choices} courseName={name} onChange={(choices) => onSave({ choices })} />
        <Input
          key={`text:${course.description}`}
          {...text('description')}
          aria-label={t('setMenu.courseText', { n })}
          placeholder={t('setMenu.textPlaceholder')}
          maxLength={500}
          autoComplete="off"
        />
      </div>
    </div>
  );
}
