import type { CopyRun } from './copyRun.js';

/*
 * The target's users, by email: an annotation keeps its author when the target has a user of the
 * same email (Label Studio's import matches it among the organization's members).
 */

interface ListedUser {
  email?: string | null;
}

export async function targetUserEmails(run: CopyRun): Promise<Set<string>> {
  // Label Studio answers a plain list; a paginated envelope is read too.
  const answer = await run.retry(() =>
    run.client.request<ListedUser[] | { results: ListedUser[] }>('GET', '/api/users/'),
  );
  const users = Array.isArray(answer) ? answer : answer.results;
  return new Set(users.map((user) => user.email ?? '').filter((email) => email !== ''));
}
