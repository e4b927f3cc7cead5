import type { FieldErrors, ProjectSettings } from '../../api/projectSettings';

/** What every settings section gets: the draft, the server's field errors, and a way to change fields. */
export interface SectionProps {
  settings: ProjectSettings;
  errors: FieldErrors;
  onChange: (changes: Partial<ProjectSettings>) => void;
}
