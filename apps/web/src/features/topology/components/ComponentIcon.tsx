import {
  Box,
  Boxes,
  Cloud,
  Container,
  Database,
  Globe,
  Layers,
  Network,
  Server,
  ShoppingCart,
  CreditCard,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Array<[RegExp, LucideIcon]> = [
  [/cluster|kubernetes|k8s/i, Boxes],
  [/namespace/i, Layers],
  [/pod|container/i, Container],
  [/database|rds|postgres|sql/i, Database],
  [/aws|cloud|gcp|azure/i, Cloud],
  [/http|web|site|store/i, Globe],
  [/service|network|ingress/i, Network],
  [/node|server|ec2|host/i, Server],
  [/cart|shop/i, ShoppingCart],
  [/pay|card/i, CreditCard],
];

/** A lucide icon for a component's icon or type name (spec icons are names, not images). */
export function ComponentIcon({
  icon,
  type,
  className,
}: {
  icon?: string | null;
  type?: string | null;
  className?: string;
}) {
  const key = `${icon ?? ''} ${type ?? ''}`;
  const Icon = ICONS.find(([re]) => re.test(key))?.[1] ?? Box;
  return <Icon className={className ?? 'size-4 text-muted'} aria-hidden />;
}
