/** Schedule used when neither the spec nor the scraper row sets one. */
export const DEFAULT_SCRAPE_SCHEDULE = '@every 30m';
