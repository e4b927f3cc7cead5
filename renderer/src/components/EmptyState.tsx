import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{title}</h2>
      {children}
    </div>
  );
}
