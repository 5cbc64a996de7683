import type { Permission } from '@voxa/contracts';
import type { ComponentType } from 'react';

export type LayoutName = 'app' | 'clear' | 'default' | 'homepage' | 'login';

/** What a page declares besides its component: guards, permission, title, breadcrumb parent. */
export interface RouteMeta {
  guards: readonly string[];
  /** Checked by the `permission` guard; all are needed (`admin` only administrators hold). */
  permissions?: readonly Permission[];
  /** Checked by the `permission` guard too: one of these is needed. */
  anyPermissions?: readonly Permission[];
  /** Shown as a danger toast when the permission guard turns the user away (the organize panel). */
  deniedMessage?: string;
  needsTeam?: boolean;
  title: string;
  /** Path of the breadcrumb before this page. */
  parent?: string;
}

export interface PageRoute extends RouteMeta {
  path: string;
  layout: LayoutName;
  load: () => Promise<ComponentType>;
}

export function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && Array.isArray((handle as RouteMeta).guards);
}
