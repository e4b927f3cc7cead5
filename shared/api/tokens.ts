import { z } from 'zod';

/*
 * The caller's API tokens (docs/label-studio-compatibility.md#authentication-and-tokens) as the app
 * reads them: the legacy 40-hex key (`/api/current-user/token`, `reset-token`), a new personal
 * access token (`POST /api/token/`), and the live PATs listed truncated to `header.payload`, enough
 * to identify and revoke one.
 */

export const tokenAnswerSchema = z.strictObject({ token: z.string() });
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** `GET /api/token/`: `token` is `header.payload` without the signature. */
export const listedTokenListSchema = z.array(tokenAnswerSchema);
export type ListedAccessToken = TokenAnswer;
