import { useId } from 'react';
import { SearchField } from '../../components/SearchField';
import type { ProjectOrdering } from '../../api/projects';

const ORDERINGS: { value: ProjectOrdering; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'title', label: 'Title (A–Z)' },
  { value: 'most_tasks', label: 'Most tasks' },
];

interface ProjectsToolbarProps {
  search: string;
  ordering: ProjectOrdering;
  onSearchChange: (search: string) => void;
  onOrderingChange: (ordering: ProjectOrdering) => void;
  onCreate: () => void;
  onLabelFolder: () => void;
}

export function ProjectsToolbar({
  search,
  ordering,
  onSearchChange,
  onOrderingChange,
  onCreate,
  onLabelFolder,
}: ProjectsToolbarProps) {
  const sortId = useId();
  return (
    <div className="toolbar">
      <div className="toolbar__field toolbar__field--grow" role="search">
        <SearchField
          label="Search projects by title"
          placeholder="Search projects…"
          value={search}
          onChange={onSearchChange}
        />
      </div>
      <div className="toolbar__field">
        <label htmlFor={sortId} className="toolbar__label">
          Sort by
        </label>
        <select
          id={sortId}
          className="input"
          value={ordering}
          onChange={(event) => onOrderingChange(event.target.value as ProjectOrdering)}
        >
          {ORDERINGS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button toolbar__end" aria-haspopup="dialog" onClick={onLabelFolder}>
        Label a folder
      </button>
      <button type="button" className="button button--primary" onClick={onCreate}>
        New project
      </button>
    </div>
  );
}
