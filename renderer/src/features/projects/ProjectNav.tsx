import { routes, type ProjectPage } from '../../router';
import { ConflictsLink } from '../conflicts/ConflictsLink';

const TABS: { page: ProjectPage; label: string; href: (projectId: number) => string }[] = [
  { page: 'projectData', label: 'Data', href: routes.projectData },
  { page: 'labeling', label: 'Label', href: routes.labelStream },
  { page: 'projectDashboard', label: 'Dashboard', href: routes.projectDashboard },
  { page: 'projectImport', label: 'Import', href: routes.projectImport },
  { page: 'projectSettings', label: 'Settings', href: routes.projectSettings },
];

interface ProjectNavProps {
  projectId: number;
  title: string;
  current: ProjectPage;
  /** Open sync conflicts, when the page knows them live; otherwise the link fetches the count. */
  conflictCount?: number;
}

/** The line above every project page: the way back, the project's name, its pages, and its sync conflicts if any. */
export function ProjectNav({ projectId, title, current, conflictCount }: ProjectNavProps) {
  return (
    <div className="project-nav">
      <nav aria-label="Breadcrumb" className="project-nav__crumbs">
        <a className="back-link" href={routes.projects}>
          Projects
        </a>
        <span aria-hidden="true">/</span>
        <span className="project-nav__title">{title || 'Untitled project'}</span>
      </nav>
      <nav aria-label="Project">
        <ul className="project-nav__tabs">
          {TABS.map((tab) => (
            <li key={tab.page}>
              <a
                className="nav-link"
                href={tab.href(projectId)}
                aria-current={tab.page === current ? 'page' : undefined}
              >
                {tab.label}
              </a>
            </li>
          ))}
          <li>
            <ConflictsLink projectId={projectId} current={current === 'projectConflicts'} count={conflictCount} />
          </li>
        </ul>
      </nav>
    </div>
  );
}
