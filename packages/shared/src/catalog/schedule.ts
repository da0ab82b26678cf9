/** Schedule used when neither the spec nor the scraper row sets one (spec 3 §9). */
export const DEFAULT_SCRAPE_SCHEDULE = '@every 30m';
