import { FileDown, Laptop, LogOut, Moon, Sun, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { showError } from '../api/queryClient.js';
import { http } from '../api/http.js';
import { useAbout } from '../api/platform.js';
import { useHostedMode, useWhoami } from '../auth/whoami.js';
import { Avatar } from '../ui/Avatar.js';
import { KubeconfigDialog } from './KubeconfigDialog.js';
import { useTheme, type Theme } from './theme.js';

const logoutSchema = z.object({ logout_url: z.string() });

async function signOut(): Promise<void> {
  const { logout_url } = logoutSchema.parse(await http('/api/auth/self-service/logout/browser'));
  window.location.assign(logout_url);
}

const THEMES: Array<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Laptop },
];

/** 'Hi {name}', Your Profile, Download kubeconfig, theme, versions and Sign out. */
export function UserMenu() {
  const { data: me } = useWhoami();
  const { data: about } = useAbout();
  // With an OIDC issuer, passwords and second factors are the issuer's: no profile page here.
  const hosted = useHostedMode();
  const { theme, setTheme } = useTheme();
  const navigate = useNavigate();
  const [kubeconfig, setKubeconfig] = useState(false);
  const name = me?.user.name || me?.user.email || 'there';
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="rounded-full" aria-label="User menu">
          <Avatar name={me?.user.name ?? me?.user.email ?? ''} src={me?.user.avatar} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="menu w-60">
            <DropdownMenu.Label className="px-2 pt-1.5 pb-1">
              <div className="font-semibold">Hi {name}</div>
              {me?.user.email ? <div className="truncate text-xs text-muted">{me.user.email}</div> : null}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            {hosted ? null : (
              <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/profile-settings')}>
                <User className="size-4 text-muted" aria-hidden /> Your Profile
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className="menu-item" onSelect={() => setKubeconfig(true)}>
              <FileDown className="size-4 text-muted" aria-hidden /> Download kubeconfig
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">Theme</DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={theme}
              onValueChange={(v) => setTheme(z.enum(['light', 'dark', 'system']).parse(v))}
            >
              {THEMES.map((t) => (
                <DropdownMenu.RadioItem
                  key={t.value}
                  value={t.value}
                  className="menu-item data-[state=checked]:font-semibold"
                >
                  <t.icon className="size-4 text-muted" aria-hidden /> {t.label}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <div className="px-2 py-1 text-xs leading-5 text-muted" data-testid="versions">
              <div>Front-end version: {__APP_VERSION__}</div>
              <div>Back-end version: {about?.version ?? '…'}</div>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item className="menu-item" onSelect={() => void signOut().catch(showError)}>
              <LogOut className="size-4 text-muted" aria-hidden /> Sign out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <KubeconfigDialog open={kubeconfig} onOpenChange={setKubeconfig} />
    </>
  );
}
