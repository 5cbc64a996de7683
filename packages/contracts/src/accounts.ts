import { z } from 'zod';
import { Color, Email, Id, Password, Timestamp, UserData } from './common';
import { endpoint } from './endpoint';
import { Ok } from './errors';
import { Team } from './teams';

export const PendingInvitation = z.object({
  id: Id,
  team: z.object({ title: z.string(), slug: z.string() }),
  role: z.object({ id: Id, name: z.string() }),
  status: z.enum(['pending', 'accept', 'decline']),
  created_at: Timestamp,
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  data: UserData,
  email_verified_at: Timestamp.nullable(),
  is_admin: z.boolean(),
  teams: z.array(Team),
  invitations: z.array(PendingInvitation),
  /** Set while an administrator acts as this user (/user-switch). */
  impersonator: z.object({ id: Id, name: z.string(), email: z.string() }).nullable(),
});
export type User = z.infer<typeof User>;

export const Credentials = z.strictObject({ email: Email, password: z.string().min(1).max(200) });
export const Session = z.object({ token: z.string(), user: User });
export type Session = z.infer<typeof Session>;

export const accounts = {
  register: endpoint({
    method: 'POST',
    path: '/register',
    scope: 'public',
    summary: 'Create an account; a verification e-mail is sent',
    body: z.strictObject({
      name: z.string().trim().min(1).max(120),
      email: Email,
      password: Password,
    }),
    response: Session,
    status: 201,
  }),
  login: endpoint({
    method: 'POST',
    path: '/login',
    scope: 'public',
    summary: 'Exchange credentials for a token (rate-limited)',
    body: Credentials,
    response: Session,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    scope: 'user',
    summary: 'Revoke the token of this request',
    response: null,
    status: 204,
  }),
  user: endpoint({
    method: 'GET',
    path: '/user',
    scope: 'user',
    summary: 'The current user',
    response: User,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/email/verify',
    scope: 'public',
    summary: 'Confirm an e-mail address with the token sent to it',
    body: z.strictObject({ token: z.string().min(10).max(200) }),
    response: Ok,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/email/verification-notification',
    scope: 'user',
    summary: 'Send the verification e-mail again',
    response: Ok,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/forgot-password',
    scope: 'public',
    summary: 'Send a password reset link (same answer whether or not the address exists)',
    body: z.strictObject({ email: Email }),
    response: Ok,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/reset-password',
    scope: 'public',
    summary: 'Set a new password with a reset token; every session of the user is revoked',
    body: z.strictObject({ token: z.string().min(10).max(200), password: Password }),
    response: Ok,
  }),
  installStatus: endpoint({
    method: 'GET',
    path: '/install',
    scope: 'public',
    summary: 'Whether the first administrator exists',
    response: z.object({ installed: z.boolean() }),
  }),
  install: endpoint({
    method: 'POST',
    path: '/install',
    scope: 'public',
    summary: 'Create the first administrator; 409 once any user exists',
    body: z.strictObject({ name: z.string().trim().min(1).max(120), email: Email, password: Password }),
    response: Session,
    status: 201,
  }),
  createHandoff: endpoint({
    method: 'POST',
    path: '/auth/handoff',
    scope: 'user',
    summary: 'A single-use code (60 s) that carries the session to another team sub-domain',
    response: z.object({ code: z.string() }),
  }),
  redeemHandoff: endpoint({
    method: 'POST',
    path: '/auth/handoff/redeem',
    scope: 'public',
    summary: 'Exchange a handoff code for a token of the same session',
    body: z.strictObject({ code: z.string().min(10).max(200) }),
    response: z.object({ token: z.string() }),
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/user',
    scope: 'user',
    summary: 'Change the name or colour of the current user',
    body: z.strictObject({ name: z.string().trim().min(1).max(120).optional(), color: Color.optional() }),
    response: User,
  }),
};
