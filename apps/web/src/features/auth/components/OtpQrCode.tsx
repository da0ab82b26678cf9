import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The QR image of an otpauth:// URL for TOTP enrolment, drawn in the browser (the secret never
 * leaves it). Until it is drawn, and if drawing fails, the URL shown beside it still works:
 * it can be typed, or opened on a phone (otpauth: links open an authenticator app).
 */
export function OtpQrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 160 }).then(
      (data) => live && setSrc(data),
      () => live && setSrc(undefined),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <a
      href={url}
      data-testid="otp-qr"
      className="mx-auto block size-40"
      aria-label="Open in an authenticator app"
    >
      {src ? (
        <img src={src} alt="QR code for the authenticator app" className="size-40 rounded-md bg-white" />
      ) : (
        <span className="block size-40 rounded-md border border-dashed border-line bg-subtle" />
      )}
    </a>
  );
}
