import { useId } from 'react';
import { ProjectBasicsFields } from '../projects/ProjectBasicsFields';
import type { SectionProps } from './sectionProps';

export function GeneralSection({ settings, errors, onChange }: SectionProps) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        General
      </h2>
      <ProjectBasicsFields values={settings} errors={errors} onChange={onChange} />
    </section>
  );
}
