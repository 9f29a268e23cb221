import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { clsx } from 'clsx';
import { useState } from 'react';
import { CloseIcon } from '../../../components/ui/close-icon';
import photoStyles from './photos-step.module.css';
import styles from './sortable-photo-list.module.css';
import type { WizardPhoto } from './wizard-form';

export interface SortablePhotoListProps {
  photos: readonly WizardPhoto[];
  busy: boolean;
  deleting: string | null;
  onDelete: (photo: WizardPhoto) => void;
  onReorder: (next: WizardPhoto[]) => void;
}

/** The photos with `from` moved to `to` (the first is the profile picture). */
export function movePhoto(photos: readonly WizardPhoto[], from: number, to: number): WizardPhoto[] {
  return arrayMove([...photos], from, to);
}

const photoLabel = (index: number) =>
  index === 0 ? 'Photo 1 (profile picture)' : `Photo ${index + 1}`;

/**
 * The member's photos in order, reordered by dragging (pointer, or keyboard: Space to pick up,
 * arrows to move, Space to drop — dnd-kit, which also announces each move), or with the buttons
 * under each photo: Move left, Move right, Make profile picture (the first photo is the profile
 * picture). Each change goes to `onReorder`, which saves it.
 */
export function SortablePhotoList({
  photos,
  busy,
  deleting,
  onDelete,
  onReorder,
}: SortablePhotoListProps) {
  const [status, setStatus] = useState('');
  const sensors = useSensors(
    // A small distance first, so a click on the photo is not taken for a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier) =>
    photos.findIndex((photo) => photo.url === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Photo ${position(active.id)} is over position ${position(over.id)}.`
        : `Photo ${position(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Photo ${position(active.id)} was dropped at position ${position(over.id)}.`
        : `Photo ${position(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving photo ${position(active.id)} was cancelled.`,
  };

  const move = (from: number, to: number) => {
    if (busy || from === to || to < 0 || to >= photos.length) return;
    onReorder(movePhoto(photos, from, to));
    setStatus(
      to === 0
        ? `Photo ${from + 1} is now the profile picture.`
        : `Photo ${from + 1} moved to position ${to + 1}.`,
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(position(active.id) - 1, position(over.id) - 1);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a photo, press Space or Enter, use the arrow keys, then press Space or Enter to drop it, or Escape to cancel. The Move left and Move right buttons do the same.',
        },
      }}
    >
      <SortableContext items={photos.map((photo) => photo.url)} strategy={rectSortingStrategy}>
        <ol className={styles.list} aria-label="Your photos">
          {photos.map((photo, index) => (
            <SortablePhoto
              key={photo.url}
              photo={photo}
              index={index}
              count={photos.length}
              busy={busy}
              deleting={deleting === photo.url}
              onMove={move}
              onDelete={onDelete}
            />
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </DndContext>
  );
}

function SortablePhoto({
  photo,
  index,
  count,
  busy,
  deleting,
  onMove,
  onDelete,
}: {
  photo: WizardPhoto;
  index: number;
  count: number;
  busy: boolean;
  deleting: boolean;
  onMove: (from: number, to: number) => void;
  onDelete: (photo: WizardPhoto) => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: photo.url, disabled: busy });
  const number = index + 1;
  return (
    <li
      ref={setNodeRef}
      className={clsx(styles.item, isDragging && styles.dragging)}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-photo-url={photo.url}
    >
      <div className={styles.frame}>
        {/* The whole picture drags with a pointer; the handle is the keyboard's way in. */}
        <div className={styles.dragArea} {...listeners}>
          <img src={photo.thumbnailUrl} alt={photoLabel(index)} className={styles.image} />
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={styles.handle}
            {...attributes}
            aria-label={`Drag photo ${number} to reorder`}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              {[6, 12, 18].flatMap((y) =>
                [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />),
              )}
            </svg>
          </button>
        </div>
        {index === 0 ? <span className={photoStyles.badge}>Profile picture</span> : null}
        <button
          type="button"
          className={photoStyles.delete}
          aria-label={`Delete photo ${number}`}
          onClick={() => onDelete(photo)}
          disabled={busy}
          aria-busy={deleting || undefined}
        >
          <CloseIcon size={16} />
        </button>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          aria-label={`Move photo ${number} left`}
          onClick={() => onMove(index, index - 1)}
          disabled={busy || index === 0}
        >
          ← Left
        </button>
        <button
          type="button"
          className={styles.control}
          aria-label={`Move photo ${number} right`}
          onClick={() => onMove(index, index + 1)}
          disabled={busy || index === count - 1}
        >
          Right →
        </button>
        {index > 0 ? (
          <button
            type="button"
            className={styles.control}
            aria-label={`Make photo ${number} the profile picture`}
            onClick={() => onMove(index, 0)}
            disabled={busy}
          >
            Make profile picture
          </button>
        ) : null}
      </div>
    </li>
  );
}
