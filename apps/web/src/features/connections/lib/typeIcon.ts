import { connectionType, type ConnectionCategory } from '@opsdeck/shared';
import {
  Activity,
  Archive,
  Cloud,
  Container,
  Database,
  Folder,
  GitBranch,
  Globe,
  HardDrive,
  KeyRound,
  Mail,
  MessageSquare,
  Plug,
  Ticket,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

const BY_CATEGORY: Record<ConnectionCategory, LucideIcon> = {
  Database,
  Observability: Activity,
  Cloud,
  'Version control': GitBranch,
  Storage: HardDrive,
  Ticketing: Ticket,
  Notification: MessageSquare,
};

/** Types whose own icon says more than their category's. */
const BY_TYPE: Record<string, LucideIcon> = {
  http: Globe,
  ldap: KeyRound,
  kubernetes: Container,
  folder: Folder,
  restic: Archive,
  email: Mail,
  generic_webhook: Webhook,
};

/** The icon shown beside a connection's name and in the type picker. */
export function connectionTypeIcon(type: string): LucideIcon {
  const def = connectionType(type);
  return BY_TYPE[type] ?? (def ? BY_CATEGORY[def.category] : Plug);
}
