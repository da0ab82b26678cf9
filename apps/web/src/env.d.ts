/** The web app's version, injected by Vite from apps/web/package.json. */
declare const __APP_VERSION__: string;
