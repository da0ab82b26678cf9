import { startSessionRequests } from './api/earlySession.js';
import './index.css';

// The entry is kept tiny (docs/development.md, "The entry module"): it asks for the session
// at once, then loads the app, whose code arrives while those answers are on their way.
startSessionRequests(window.location.pathname);
// The health dashboard's first page too: at 100k checks its answer is the page's longest wait.
if (window.location.pathname === '/health')
  void import('./features/health/early.js').then((m) => m.startDashboardEarly(window.location.search));
const root = document.getElementById('root');
if (root) void import('./app/mount.js').then((m) => m.mount(root));
