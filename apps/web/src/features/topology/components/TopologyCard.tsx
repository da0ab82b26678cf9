import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn.js';
import { AgentBadge } from '../../../ui/AgentBadge.js';
import { MaintenanceBadge } from '../../../ui/MaintenanceBadge.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import type { TopologyComponent } from '../api/types.js';
import {
  cardBorderClass,
  headlineProperties,
  PROPERTY_LIMIT,
  propertyText,
  componentHref,
  sortChildren,
} from '../lib/cards.js';
import { CardMenu } from './CardMenu.js';
import { CardSummaries } from './CardSummaries.js';
import { ComponentIcon } from './ComponentIcon.js';
import { ShowMore } from './ShowMore.js';
import { spaClick } from '../lib/spaLink.js';
import { TruncatedText } from '../../../ui/TruncatedText.js';

type TopologyCardProps = {
  component: TopologyComponent;
  width: number;
  refererId?: string;
  /** The page's other query parameters, carried along by the card's links. */
  carry?: string;
  /** The maintenance window the component is in now, if any. */
  maintenance?: { name: string; ends_at: string } | undefined;
};

/** One component as a card. */
export function TopologyCard({ component: c, width, refererId, carry, maintenance }: TopologyCardProps) {
  const href = componentHref(c.id, refererId, carry);
  const headline = headlineProperties(c);
  const others = c.properties.filter((p) => !p.headline && propertyText(p));
  const children = sortChildren(c.children);
  const navigate = useNavigate();
  return (
    <article
      data-testid="topology-card"
      data-status={c.status}
      aria-label={c.title ?? c.name}
      style={{ width }}
      className={cn(
        // max-w-full: a wide card preference still fits a phone's screen.
        'card flex max-w-full shrink-0 flex-col border-2 shadow-xs [contain-intrinsic-size:auto_160px] [content-visibility:auto]',
        cardBorderClass(c.status),
      )}
    >
      <header className="flex items-start gap-2 border-b border-line px-3 py-2">
        <ComponentIcon icon={c.icon} type={c.type} className="mt-0.5 size-5 shrink-0 text-muted" />
        <div className="min-w-0 flex-1">
          <a
            href={href}
            onClick={spaClick(navigate, href)}
            className="block truncate text-sm font-semibold hover:underline"
            title={c.name}
          >
            {c.title ?? c.name}
          </a>
          <div className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
            <AgentBadge agentId={c.agent_id} />
            <MaintenanceBadge window={maintenance} />
            {c.status_reason && <TruncatedText text={c.status_reason} className="min-w-0" />}
            {!c.status_reason && c.type && <span className="truncate">{c.type}</span>}
          </div>
        </div>
        {/* A long headline value ('exit code 1: queue depth 1200 (backlog…') is truncated, its
            full text a tap away, so the name and the menu stay on the card. */}
        {headline.map((p, i) => (
          <div key={`${p.name ?? i}`} className="max-w-[40%] min-w-0 text-right">
            <div className="truncate text-[10px] text-muted uppercase">{p.label ?? p.name}</div>
            <TruncatedText text={propertyText(p)} className="text-sm font-semibold tabular-nums" />
          </div>
        ))}
        <div className="shrink-0">
          <CardMenu component={c} />
        </div>
      </header>
      <div className="flex flex-wrap gap-3 px-3 py-2 empty:hidden">
        {others.length > 0 && (
          <div data-testid="card-properties" className="min-w-36 flex-1">
            <ShowMore
              limit={PROPERTY_LIMIT}
              items={others.map((p, i) => (
                <div key={`${p.name ?? i}`} className="flex justify-between gap-2 px-1 py-0.5 text-xs">
                  <span className="truncate text-muted">{p.label ?? p.name}</span>
                  <span className="truncate font-medium">{propertyText(p)}</span>
                </div>
              ))}
            />
          </div>
        )}
        <CardSummaries component={c} />
      </div>
      {children.length > 0 && (
        <ul data-testid="card-children" className="flex flex-wrap gap-1.5 border-t border-line px-3 py-2">
          {children.map((k) => (
            <li key={k.id} data-status={k.status} data-testid="card-child">
              <a
                href={componentHref(k.id, refererId, carry)}
                onClick={spaClick(navigate, componentHref(k.id, refererId, carry))}
                className={cn(
                  'flex max-w-48 items-center gap-1.5 rounded border bg-subtle/50 px-2 py-1 text-xs hover:bg-subtle',
                  cardBorderClass(k.status),
                )}
              >
                <StatusDot status={k.status} />
                <span className="truncate">{k.title ?? k.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
