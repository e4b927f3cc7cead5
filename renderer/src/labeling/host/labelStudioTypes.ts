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
}

export interface LsInstance {
  destroy(): void;
}

export type LsConstructor = new (root: HTMLElement, options: Record<string, unknown>) => LsInstance;
