import { useMemo, useState } from 'react';
import type { DashboardBucket, ProjectDashboard } from '../api/dashboard';
import { AgreementCard } from '../features/dashboard/AgreementCard';
import { AnnotatorsCard } from '../features/dashboard/AnnotatorsCard';
import { DashboardControls } from '../features/dashboard/DashboardControls';
import { LabelsCard } from '../features/dashboard/LabelsCard';
import { TasksCard } from '../features/dashboard/TasksCard';
import { TimelineCard } from '../features/dashboard/TimelineCard';
import { useDashboard } from '../features/dashboard/useDashboard';
import { EmptyState } from '../components/EmptyState';
import { ProjectNav } from '../features/projects/ProjectNav';
import { useProjectTitle } from '../features/projects/useProjectTitle';
import { dashboardQuery, plural, rangeName, type RangeChoice } from '../features/dashboard/dashboardText';
import { routes } from '../router';
import '../styles/dashboard.css';

/** The viewer's zone, so days start at their midnight. */
function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function periodSummary(dashboard: ProjectDashboard): string {
  const { submitted, skipped } = dashboard.period;
  if (submitted + skipped === 0) return `No annotations, ${rangeName(dashboard.from, dashboard.to)}`;
  return `${plural(submitted, 'annotation')} and ${plural(skipped, 'skip')}, ${rangeName(dashboard.from, dashboard.to)}`;
}

/** The cards for loaded numbers: an empty state until the project's first annotation. */
function DashboardCards({ dashboard, range }: { dashboard: ProjectDashboard; range: RangeChoice }) {
  const hasNoAnnotations = range === 'all' && dashboard.period.submitted + dashboard.period.skipped === 0;
  const days = rangeName(dashboard.from, dashboard.to);
  return (
    <div className="dashboard-grid">
      {hasNoAnnotations ? (
        <div className="dashboard-card dashboard-card--wide">
          <EmptyState title="No annotations yet">
            <p>
              Charts of the work over time, its labels and its annotators appear here after the first submit or skip.
            </p>
            <div className="empty-state__actions">
              <a className="button button--primary" href={routes.labelStream(dashboard.project)}>
                Start labeling
              </a>
            </div>
          </EmptyState>
        </div>
      ) : (
        <TimelineCard dashboard={dashboard} />
      )}
      <TasksCard dashboard={dashboard} />
      {!hasNoAnnotations && <AnnotatorsCard annotators={dashboard.annotators} range={days} />}
      <AgreementCard projectId={dashboard.project} />
      {!hasNoAnnotations &&
        dashboard.labels.map((control) => <LabelsCard key={control.from_name} control={control} range={days} />)}
    </div>
  );
}

/**
 * `#/projects/<id>/dashboard`: the project's progress in charts, each with its numbers as a table.
 * The period and grouping apply to the annotation charts; the task donut is always the whole project.
 */
export function DashboardPage({ projectId }: { projectId: number }) {
  const title = useProjectTitle(projectId);
  const [range, setRange] = useState<RangeChoice>('all');
  const [bucket, setBucket] = useState<DashboardBucket>('day');
  const query = useMemo(() => dashboardQuery(range, bucket, new Date(), viewerTimeZone()), [range, bucket]);
  const load = useDashboard(projectId, query);
  const dashboard = load.data;

  return (
    <section className="page dashboard-page" aria-labelledby="dashboard-heading">
      <ProjectNav projectId={projectId} title={title} current="projectDashboard" />
      <div className="page__header dashboard-page__header">
        <div>
          <h1 id="dashboard-heading" className="page__title">
            Dashboard
          </h1>
          {dashboard && <p className="page__subtitle">{periodSummary(dashboard)}</p>}
        </div>
        <DashboardControls
          range={range}
          bucket={bucket}
          busy={load.status === 'loading'}
          onRangeChange={setRange}
          onBucketChange={setBucket}
        />
      </div>
      {load.status === 'loading' && !dashboard && <p role="status">Loading the dashboard…</p>}
      {load.status === 'error' && (
        <p className="notice notice--error" role="alert">
          The dashboard could not be loaded: {load.message}
        </p>
      )}
      {dashboard && <DashboardCards dashboard={dashboard} range={range} />}
    </section>
  );
}
