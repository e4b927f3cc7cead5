import type { Annotation, Draft } from '../../shared/api/annotations.js';

/** A whole annotation as the server sends it, with the fields a test cares about given. */
export function annotationWire(fields: Partial<Annotation> & Pick<Annotation, 'id'>): Annotation {
  return {
    result: [],
    created_username: '',
    created_ago: '',
    completed_by: null,
    was_cancelled: false,
    ground_truth: false,
    created_at: '',
    updated_at: '',
    draft_created_at: null,
    lead_time: null,
    import_id: null,
    last_action: null,
    bulk_created: false,
    task: 7,
    project: 1,
    updated_by: null,
    parent_prediction: null,
    parent_annotation: null,
    last_created_by: null,
    ...fields,
  };
}

/** The author of an annotation as `expand=completed_by` shows it. */
export const author = (id: number) => ({
  id,
  first_name: '',
  last_name: '',
  avatar: null,
  email: `u${id}@x`,
  initials: 'u',
});

/** A whole draft as the server sends it, with the fields a test cares about given. */
export function draftWire(fields: Partial<Draft> & Pick<Draft, 'id'>): Draft {
  return {
    user: null,
    created_username: '',
    created_ago: '',
    result: [],
    lead_time: null,
    was_postponed: false,
    import_id: null,
    created_at: '',
    updated_at: '',
    task: 7,
    annotation: null,
    ...fields,
  };
}
