import type { ReactNode } from 'react';

/** The centred card the sign-in pages stand in (no shell around them). */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-full items-center justify-center bg-canvas px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <div className="text-lg font-bold tracking-tight text-brand-600 dark:text-brand-400">Opsdeck</div>
          <h1 className="mt-2 text-xl font-semibold">{title}</h1>
        </div>
        <div className="card space-y-4 p-6">{children}</div>
        {footer ? <div className="mt-4 text-center text-sm text-muted">{footer}</div> : null}
      </div>
    </main>
  );
}
