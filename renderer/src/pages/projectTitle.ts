/** Label Studio's rule: a non-empty title has 3 to 50 characters. */
export function titleProblem(title: string): string | null {
  const length = title.trim().length;
  if (length === 0) return 'Give the project a title.';
  if (length < 3) return 'The title needs at least 3 characters.';
  if (length > 50) return 'The title can have at most 50 characters.';
  return null;
}
