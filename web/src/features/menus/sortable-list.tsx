import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/**
 * A vertical list reordered by drag and drop (dnd-kit): with the mouse or touch on the handle, or
 * with the keyboard (focus the handle, Space, arrow keys, Space; Escape cancels). `onReorder`
 * receives the whole list in its new order.
 */
export function SortableList<T extends { id: string }>({
  items,
  onReorder,
  renderItem,
  labelOf,
  disabled,
  className,
  as: Tag = 'ul',
}: {
  items: readonly T[];
  onReorder: (next: T[], moved: T) => void;
  renderItem: (item: T, handle: ReactNode, state: { dragging: boolean }) => ReactNode;
  labelOf: (item: T) => string;
  disabled?: boolean;
  className?: string;
  as?: 'ul' | 'ol';
}) {
  const { t } = useTranslation('menus');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => labelOf(items.find((i) => i.id === id) ?? ({ id: String(id) } as T)) || t('sortable.item');
  const place = (id: UniqueIdentifier | undefined) =>
    t('sortable.place', { position: items.findIndex((i) => i.id === id) + 1, total: items.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('sortable.pickedUp', { name: name(active.id), place: place(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('sortable.movedTo', { name: name(active.id), place: place(over.id) }) : t('sortable.notOver', { name: name(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? t('sortable.droppedAt', { name: name(active.id), place: place(over.id) }) : t('sortable.dropped', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('sortable.cancelled', { name: name(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to), items[from] as T);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t('sortable.instructions'),
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Tag className={className}>
          {items.map((item) => (
            <SortableRow key={item.id} item={item} label={labelOf(item)} disabled={disabled} render={renderItem} />
          ))}
        </Tag>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow<T extends { id: string }>({
  item,
  label,
  disabled,
  render,
}: {
  item: T;
  label: string;
  disabled?: boolean;
  render: (item: T, handle: ReactNode, state: { dragging: boolean }) => ReactNode;
}) {
  const { t } = useTranslation('menus');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('sortable.reorder', { name: label })}
      disabled={disabled}
      className={cn(
        'flex h-9 w-7 shrink-0 touch-none items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-40',
        isDragging ? 'cursor-grabbing' : 'cursor-grab',
      )}
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} data-dragging={isDragging || undefined} className={cn('relative', isDragging && 'z-10')}>
      {render(item, handle, { dragging: isDragging })}
    </li>
  );
}
