import type { MigrationState } from './migrate.js';

/** `opsdeck migrate --status`: one line per migration, then what a migrate would do. */
export function formatMigrationStatus(states: readonly MigrationState[], database: string): string {
  const width = Math.max(...states.map((s) => `${s.version}_${s.name}`.length), 10);
  const lines = [
    `Database: ${database}`,
    '',
    `${'STATE'.padEnd(8)}${'MIGRATION'.padEnd(width + 2)}APPLIED AT`,
  ];
  for (const s of states) {
    const when = s.appliedAt ? s.appliedAt.toISOString().replace(/\.\d+Z$/, 'Z') : '-';
    const note =
      s.checksum === 'changed'
        ? '  (file changed since it was applied: start-up will refuse)'
        : s.checksum === 'comment-edit'
          ? '  (comments edited; accepted)'
          : s.state === 'unknown'
            ? '  (applied by a newer version of Opsdeck)'
            : '';
    lines.push(`${s.state.padEnd(8)}${`${s.version}_${s.name}`.padEnd(width + 2)}${when}${note}`);
  }
  const count = (state: MigrationState['state']) => states.filter((s) => s.state === state).length;
  const pending = count('pending');
  const unknown = count('unknown');
  lines.push('');
  lines.push(
    `${count('applied')} applied, ${pending} pending${unknown ? `, ${unknown} unknown to this version` : ''}.`,
  );
  if (unknown)
    lines.push(
      'A newer version of Opsdeck migrated this database: this version refuses to run on it. Run the newer version, or restore the backup taken before the upgrade.',
    );
  else if (pending)
    lines.push('Run `opsdeck migrate` (or start the server) to apply the pending migrations.');
  else lines.push('The database is up to date.');
  return `${lines.join('\n')}\n`;
}
