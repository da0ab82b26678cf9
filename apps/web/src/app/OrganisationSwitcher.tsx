import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { Organisation } from '../auth/whoami.js';

/**
 * Each organisation has its own console: switching goes there (a full page load, another
 * origin), to its /organizations/orgs-switched page, which leads home.
 */
function switchTo(org: Organisation): void {
  window.location.assign(new URL('/organizations/orgs-switched', org.url).toString());
}

/**
 * The hosted mode's organisation switcher: the user's organisations, the current one marked.
 * There is no personal workspace in this mode, so none is listed.
 */
export function OrganisationSwitcher({ organisations }: { organisations: Organisation[] }) {
  const current = organisations.find((o) => o.current);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="btn btn-ghost max-w-56 gap-1.5" aria-label="Organisation">
        <Building2 className="size-4 shrink-0 text-muted" aria-hidden />
        <span className="truncate">{current?.name ?? organisations[0]?.name}</span>
        <ChevronsUpDown className="size-3.5 shrink-0 text-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="menu w-60">
          {organisations.map((org) => (
            <DropdownMenu.Item
              key={org.name}
              className="menu-item"
              onSelect={() => {
                if (!org.current) switchTo(org);
              }}
            >
              <Building2 className="size-4 text-muted" aria-hidden />
              <span className="flex-1 truncate">{org.name}</span>
              {org.current ? <Check className="size-4" aria-label="Current organisation" /> : null}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
