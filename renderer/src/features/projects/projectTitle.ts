/** Label Studio's limit on project titles (its model's `max_length`). */
export const TITLE_MAX_LENGTH = 50;

/** Label Studio's rule: a non-empty title has 3 to 50 characters. */
export function titleProblem(title: string): string | null {
  const length = title.trim().length;
  if (length === 0) return 'Give the project a title.';
  if (length < 3) return 'The title needs at least 3 characters.';
  if (length > TITLE_MAX_LENGTH) {
    const over = length - TITLE_MAX_LENGTH;
    return `The title can have at most ${TITLE_MAX_LENGTH} characters: remove ${over} ${over === 1 ? 'character' : 'characters'}.`;
  }
  return null;
}

/** Whether the title is over the limit: said at once, while typing, not only when leaving the field. */
export function isTitleTooLong(title: string): boolean {
  return title.trim().length > TITLE_MAX_LENGTH;
}
