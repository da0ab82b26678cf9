// The sanitiser is shared with the notification history (message bodies): it lives in src/lib.
export { sanitizeHtml } from '../../../lib/sanitizeHtml.js';
