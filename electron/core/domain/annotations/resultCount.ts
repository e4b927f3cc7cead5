/**
 * Annotation.save's `result_count` (stored with each annotation written through the API; bulk
 * writes leave it 0, as Label Studio's bulk_create does): how many distinct region `id`s the result holds (regions
 * without one count once together), not how many regions.
 */
export function resultCount(result: unknown): number {
  if (!Array.isArray(result)) return 0;
  const ids = result.map((region: unknown) =>
    region !== null && typeof region === 'object' && 'id' in region ? (region as { id: unknown }).id : null,
  );
  return new Set(ids.map((id) => (id === undefined ? null : id))).size;
}
