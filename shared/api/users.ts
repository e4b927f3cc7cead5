import { z } from 'zod';

/*
 * Label Studio 1.22's users as Outpost serves them: `/api/users/` items (`UserSerializer`) and
 * `GET /api/current-user/whoami` (the same with the caller's permission codes).
 */

export const userSchema = z.strictObject({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  last_activity: z.string(),
  /** The user's editor hotkeys, as Label Studio stores them (JSON). */
  custom_hotkeys: z.unknown(),
  avatar: z.string().nullable(),
  initials: z.string(),
  phone: z.string(),
  active_organization: z.number(),
  active_organization_meta: z.strictObject({ title: z.string(), email: z.string() }),
  allow_newsletters: z.boolean().nullable(),
  date_joined: z.string(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

export const whoAmISchema = z.strictObject({ ...userSchema.shape, permissions: z.array(z.string()) });
export type WhoAmI = z.infer<typeof whoAmISchema>;

/** `UserSimpleSerializer`: the nested user of `created_by` and the like (no username). */
export const userSimpleSchema = z.strictObject({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type UserSimple = z.infer<typeof userSimpleSchema>;
