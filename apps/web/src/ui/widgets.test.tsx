import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Avatar, AvatarStack, initials } from './Avatar.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { healthColour, uptimeTextClass } from './health.js';
import { ProgressBar, progressWidth } from './ProgressBar.js';
import { StatusDot } from './StatusDot.js';
import { Tabs } from './Tabs.js';
import { Tags } from './Tags.js';
import { MemoryRouter } from 'react-router';

describe('Avatar', () => {
  it('shows the initials of up to 2 words', () => {
    expect(initials('Maya Okafor')).toBe('MO');
    expect(initials('maya van der berg')).toBe('MV');
    expect(initials('platform')).toBe('P');
    render(<Avatar name="Lars Eriksen" />);
    expect(screen.getByRole('img', { name: 'Lars Eriksen' })).toHaveTextContent('LE');
  });

  it('stacks at most 5 avatars and counts the rest', () => {
    const people = Array.from({ length: 8 }, (_, i) => ({ id: String(i), name: `Person ${i}` }));
    render(<AvatarStack people={people} />);
    expect(screen.getAllByRole('img')).toHaveLength(5);
    expect(screen.getByText('+3')).toBeInTheDocument();
  });
});

describe('Tags', () => {
  it("shows the first tags and '+N more' with the rest in a popover", async () => {
    const user = userEvent.setup();
    render(<Tags tags={{ env: 'prod', team: 'platform', region: 'eu', tier: '1', owner: 'maya' }} max={3} />);
    expect(screen.getByText('env')).toBeInTheDocument();
    expect(screen.queryByText('tier')).toBeNull();
    await user.click(screen.getByRole('button', { name: '+2 more' }));
    expect(await screen.findByText('tier')).toBeInTheDocument();
    expect(screen.getByText('team')).toBeInTheDocument();
  });
});

describe('health colours and status dots', () => {
  it('follows the health colour rules', () => {
    for (const s of ['degraded', 'missing', 'unhealthy']) expect(healthColour(s)).toBe('red');
    expect(healthColour('healthy', false)).toBe('red');
    for (const s of ['unknown', 'suspended']) expect(healthColour(s)).toBe('grey');
    for (const s of ['warning', 'warn', 'mixed']) expect(healthColour(s)).toBe('orange');
    expect(healthColour('healthy')).toBe('green');
    expect(healthColour(undefined, true)).toBe('green');
    render(<StatusDot status="mixed" />);
    expect(screen.getByRole('img', { name: 'mixed' })).toHaveAttribute('data-colour', 'orange');
  });

  it('colours uptime green at 100 %, orange when over 75 % of runs failed and red over 90 %', () => {
    expect(uptimeTextClass(100)).toContain('healthy');
    expect(uptimeTextClass(100)).not.toContain('unhealthy');
    // Orange above 75 % and red above 90 % of the runs failed (doc 1 §4).
    expect(uptimeTextClass(99.5)).toBe('');
    expect(uptimeTextClass(50)).toBe('');
    expect(uptimeTextClass(25)).toBe('');
    expect(uptimeTextClass(24.9)).toContain('warning');
    expect(uptimeTextClass(10)).toContain('warning');
    expect(uptimeTextClass(9.9)).toContain('unhealthy');
    expect(uptimeTextClass(0)).toContain('unhealthy');
  });
});

describe('ProgressBar', () => {
  it('clamps the drawn width between 5 and 100 percent', () => {
    expect(progressWidth(0)).toBe(5);
    expect(progressWidth(42)).toBe(42);
    expect(progressWidth(250)).toBe(100);
    render(<ProgressBar value={1} label="Disk" />);
    const bar = screen.getByRole('progressbar', { name: 'Disk' });
    expect((bar.firstChild as HTMLElement).style.width).toBe('5%');
  });
});

describe('Tabs', () => {
  it("shows count badges, 'k+' above 999", async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        tabs={[
          { value: 'a', label: 'Errors', count: 3, content: <p>error list</p> },
          { value: 'b', label: 'Changes', count: 1234, content: <p>change list</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: /Errors/ })).toHaveTextContent('3');
    expect(screen.getByRole('tab', { name: /Changes/ })).toHaveTextContent('1k+');
    expect(screen.getByText('error list')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: /Changes/ }));
    expect(screen.getByText('change list')).toBeVisible();
  });
});

describe('Breadcrumbs', () => {
  it('links every crumb but the last', () => {
    render(
      <MemoryRouter>
        <Breadcrumbs items={[{ label: 'Settings', href: '/settings' }, { label: 'Jobs History' }]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(nav).getByText('Jobs History')).toHaveAttribute('aria-current', 'page');
  });
});
