import {
  Activity,
  Bell,
  Boxes,
  Bug,
  CircleDollarSign,
  Cloud,
  Code,
  Database,
  GitBranch,
  Globe,
  KeyRound,
  LifeBuoy,
  Mail,
  MessageSquare,
  Network,
  Rocket,
  Server,
  Shield,
  Shapes,
  UsersRound,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { createElement } from 'react';
import { cn } from '../lib/cn.js';

/**
 * Icon names as people type them (a resource's `icon` is free text), first match wins. The first
 * column is the name the icon picker writes, which its own pattern matches.
 */
const BY_NAME: Array<[string, RegExp, LucideIcon]> = [
  ['kubernetes', /kubernetes|k8s|cluster/i, Boxes],
  ['cloud', /aws|azure|gcp|cloud/i, Cloud],
  ['database', /database|postgres|mysql|mongo|redis|sql|\bdb\b/i, Database],
  ['git', /git/i, GitBranch],
  ['chat', /slack|teams-chat|chat|message/i, MessageSquare],
  ['mail', /mail/i, Mail],
  ['security', /secur|shield/i, Shield],
  ['alert', /alert|bell|on-?call|pager/i, Bell],
  ['bug', /bug|qa|test/i, Bug],
  ['monitor', /metric|monitor|observ|chart|activity/i, Activity],
  ['key', /key|lock|auth/i, KeyRound],
  ['rocket', /rocket|deploy|release/i, Rocket],
  ['support', /support|help|lifebuoy/i, LifeBuoy],
  ['finance', /finance|billing|cost|money|dollar/i, CircleDollarSign],
  ['network', /network|ingress|dns/i, Network],
  ['web', /http|web|globe|site/i, Globe],
  ['server', /server|host|node|\bvm\b/i, Server],
  ['code', /code|dev|engineer/i, Code],
  ['ops', /ops|tool|wrench|platform/i, Wrench],
  ['team', /team|user|people|group/i, UsersRound],
];

/** The icons NamedIcon knows, under the name that draws each (what the icon picker offers). */
export const KNOWN_ICONS: ReadonlyArray<{ name: string; icon: LucideIcon }> = BY_NAME.map(
  ([name, , icon]) => ({
    name,
    icon,
  }),
);

/** The icon drawn for an icon name; `fallback` when the name is empty or unknown. */
export function iconForName(name: string | null | undefined, fallback: LucideIcon = Shapes): LucideIcon {
  if (!name) return fallback;
  return BY_NAME.find(([, re]) => re.test(name))?.[2] ?? fallback;
}

/** A resource's `icon` drawn as an icon (never as its name as text); the name is the tooltip. */
export function NamedIcon({
  name,
  fallback,
  className,
}: {
  name: string | null | undefined;
  fallback?: LucideIcon;
  className?: string;
}) {
  // An icon may also be an image address.
  if (name && /^(https?:|data:image\/|\/)/.test(name))
    return <img src={name} alt="" className={cn('size-4 shrink-0 object-contain', className)} />;
  // createElement: the icon is one of a fixed set, picked by name, not a component made here.
  const icon = createElement(iconForName(name, fallback), {
    className: cn('size-4 text-muted', className),
    'aria-hidden': true,
  });
  return (
    <span title={name ?? undefined} data-icon={name ?? ''} className="inline-flex shrink-0">
      {icon}
    </span>
  );
}
