/** The few parts of the Label Studio 1.4.0 editor the host uses (it ships without types). */
export interface LsAnnotation {
  id: string;
  pk?: string | number | null;
  serializeAnnotation(options?: { fast?: boolean }): Record<string, unknown>[];
  deserializeResults(result: unknown[]): void;
  deleteAllRegions(options?: { deleteReadOnly?: boolean }): void;
  addVersions(versions: { draft?: unknown[] }): void;
  updateObjects?(): void;
  regionStore?: { selection?: { size?: number } };
  /** The editor's debounced draft save, present once the annotation is shown; `flush` runs it now. */
  autosave?: { flush(): void };
}

/** A region as the editor's events hand it over; `cleanId` is the id its result items carry. */
export interface LsRegion {
  cleanId: string;
}

export interface LsStore {
  annotationStore: {
    annotations: LsAnnotation[];
    selected: LsAnnotation | null;
    addAnnotation(options: { userGenerate: boolean }): LsAnnotation;
    selectAnnotation(id: string): void;
  };
  submitAnnotation(): void;
  skipTask(): void;
  /** Shows the editor's waiting state until `request` resolves, then offers `parse(answer)` as suggestions. */
  loadSuggestions(request: Promise<unknown>, parse: (answer: unknown) => unknown[]): void;
}

export interface LsInstance {
  destroy(): void;
  /** Events that are no constructor option, e.g. `regionFinishedDrawing` (region, its group). */
  on(event: string, callback: (...args: never[]) => void): void;
}

export type LsConstructor = new (root: HTMLElement, options: Record<string, unknown>) => LsInstance;
