import type { Resource } from '@opsdeck/shared';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ResourceAction } from './resourceActions.js';

/** A sidebar entry. It is shown only when its feature is on and the user may read its resource. */
export type NavEntry = {
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
  resource: Resource;
  /** Feature-flag name; `{feature}.disable = true` hides the entry. */
  feature?: string;
  /** Main entries are ordered by `order`; settings entries by label. */
  section: 'main' | 'settings';
  order?: number;
};

export type SearchResult = { id: string; title: string; href: string; icon?: LucideIcon; subtitle?: string };

/** A command-palette source: searches one kind of thing by name. */
export type SearchSource = {
  id: string;
  label: string;
  /** Sources the user cannot read are skipped. */
  resource?: Resource;
  search(text: string, signal?: AbortSignal): Promise<SearchResult[]>;
};

/**
 * What each area exports from `features/<area>/routes.tsx` as `feature`. Routes inside the
 * shell go in `routes`; pages that stand alone (sign-in) in `bareRoutes`.
 */
export type FeatureModule = {
  routes?: RouteObject[];
  bareRoutes?: RouteObject[];
  nav?: NavEntry[];
  searchSources?: SearchSource[];
  /** Widgets of the top bar (the notifications bell), shown before the docs menu. */
  topBarItems?: ComponentType[];
  /** Actions on resources other areas show (Link to Incident on a check, config, …). */
  resourceActions?: ResourceAction[];
};
