import { describe, expect, it } from 'vitest';
import { ApiError } from '../../renderer/src/api/client';
import { remoteFormErrors } from '../../renderer/src/features/sync/remoteFormErrors';

/* The remote form puts each refusal under the field it is about (a bad URL used to be a banner). */

const envelope = (detail: string, validation_errors?: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-000000000000',
  status_code: 400,
  version: '1.22.0',
  detail,
  exc_info: null,
  ...(validation_errors ? { validation_errors } : {}),
});

describe('where a refused remote says why', () => {
  it('puts field errors under their fields and the rest in the banner', () => {
    const body = envelope('Validation error', {
      url: ['Enter a valid URL starting with http:// or https://.'],
      sync_interval_minutes: ['Ensure this value is greater than or equal to 0.'],
      non_field_errors: ['Something else.'],
    });
    expect(remoteFormErrors(new ApiError(400, 'Url: Enter a valid URL…', body))).toEqual({
      fields: {
        url: 'Enter a valid URL starting with http:// or https://.',
        interval: 'Ensure this value is greater than or equal to 0.',
      },
      general: 'Something else.',
    });
  });

  it('puts an unreachable or foreign server under the URL, a refused token under the token', () => {
    const unreachable =
      'http://127.0.0.1:9 could not be reached: nothing answers at that address (connection refused).';
    expect(remoteFormErrors(new ApiError(400, unreachable, envelope(unreachable)))).toEqual({
      fields: { url: unreachable },
      general: null,
    });
    const foreign = 'http://h does not look like a Label Studio server: GET /api/version answered 404.';
    expect(remoteFormErrors(new ApiError(400, foreign, envelope(foreign))).fields.url).toBe(foreign);
    expect(remoteFormErrors(new ApiError(409, 'http://h is already a remote.')).fields.url).toBe(
      'http://h is already a remote.',
    );
    const refused = 'http://h refused the legacy token: 401 Invalid token.';
    expect(remoteFormErrors(new ApiError(400, refused, envelope(refused)))).toEqual({
      fields: { token: refused },
      general: null,
    });
    expect(remoteFormErrors(new ApiError(0, 'The local server could not be reached.'))).toEqual({
      fields: {},
      general: 'The local server could not be reached.',
    });
  });
});
