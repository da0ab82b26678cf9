import { describe, expect, it } from 'vitest';
import { dashboardRangeOptions, serverWindow, windowText } from './timeRange.js';

describe('dashboard time range', () => {
  it('names the window an uptime covers', () => {
    expect(windowText('15m')).toBe('last 15 min');
    expect(windowText('1h')).toBe('last 1 h');
    expect(windowText('6h')).toBe('last 6 h');
    expect(windowText('1d')).toBe('last 24 h');
    expect(windowText('1w')).toBe('last 7 d');
  });

  it('offers 1h, 6h, 24h and 7d, keeping an unlisted range from a link', () => {
    expect(dashboardRangeOptions('1h').map((o) => o.label)).toEqual(['1h', '6h', '24h', '7d']);
    expect(dashboardRangeOptions('3d').map((o) => o.value)).toEqual(['1h', '6h', '1d', '1w', '3d']);
  });

  it('asks the server for the window in minutes', () => {
    expect(serverWindow('1d')).toBe('1440m');
    expect(serverWindow('1w')).toBe('10080m');
  });
});
