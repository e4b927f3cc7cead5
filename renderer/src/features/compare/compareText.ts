import type { AnnotationWire } from '../../api/labeling';
import type { User } from '../../../../shared/api/users';

/** One colour per annotation column, the same in the table, the overlay and the thumbnails. */
const COLOURS = ['#d9480f', '#1971c2', '#2f9e44', '#9c36b5', '#e8590c', '#0c8599', '#c2255c', '#5c940d'];

export function annotationColour(column: number): string {
  return COLOURS[column % COLOURS.length]!;
}

export interface Author {
  id: number | null;
  name: string;
  email: string;
}

/** Who wrote an annotation: the expanded author, else the user list's entry, else what the annotation says. */
export function authorOf(annotation: AnnotationWire, users: ReadonlyArray<User>): Author {
  const by = annotation.completed_by;
  const user = typeof by === 'number' ? users.find((candidate) => candidate.id === by) : by;
  if (!user) return { id: typeof by === 'number' ? by : null, name: annotation.created_username, email: '' };
  const name = `${user.first_name} ${user.last_name}`.trim();
  return { id: user.id, name: name || user.email, email: user.email };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
