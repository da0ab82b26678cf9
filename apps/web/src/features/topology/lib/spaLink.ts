import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/**
 * Click handler for a plain `<a href>` that navigates inside the app. A card holds a dozen
 * links and the dashboard hundreds of cards: one useNavigate per card is much cheaper than
 * a router Link per anchor. Modified clicks (new tab, …) keep the browser's behaviour.
 */
export function spaClick(navigate: NavigateFunction, href: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(href);
  };
}
