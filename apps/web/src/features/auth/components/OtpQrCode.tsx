import { QrCode } from 'lucide-react';

/**
 * Where the QR image of an otpauth:// URL goes on TOTP enrolment. The `qrcode` package is not
 * installed yet, so this is a placeholder; the URL itself is shown as text beside it and can
 * be typed or opened (otpauth: links open an authenticator app on phones).
 */
export function OtpQrCode({ url }: { url: string }) {
  return (
    <a
      href={url}
      data-testid="otp-qr"
      aria-label="Open in an authenticator app"
      className="mx-auto flex size-40 items-center justify-center rounded-md border border-dashed border-line bg-subtle text-muted"
    >
      <QrCode className="size-16" aria-hidden />
    </a>
  );
}
