/** The hint under a field, replaced by its error when there is one. */
export function FieldMessage({ id, error, hint }: { id: string; error: string | undefined; hint?: string }) {
  if (error) {
    return (
      <p id={id} className="field__error">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="field__hint">
      {hint}
    </p>
  ) : (
    <span id={id} hidden />
  );
}
