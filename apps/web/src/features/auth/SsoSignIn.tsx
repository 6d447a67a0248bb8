import { Button } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog, the error texts and the SSO catalogue load only when needed: the sign-in page's first load stays as it was.
const SsoSignInDialog = lazy(async () => ({ default: (await import('../admin/sso/SsoSignInDialog')).SsoSignInDialog }));
const SsoErrorAlert = lazy(async () => ({ default: (await import('../admin/sso/SsoErrorAlert')).SsoErrorAlert }));

/** The sign-in page's SSO entry: a button that opens the workspace-name dialog. */
export function SsoSignInButton({ next }: { next: string | null }) {
  const { t } = useTranslation('auth');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="default" fullWidth mt="md" onClick={() => setIsOpen(true)}>
        {t('signIn.sso')}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <SsoSignInDialog next={next} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Why an SSO sign-in failed, when the server sent the browser back with `?sso_error=`. */
export function SsoSignInError({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <Suspense fallback={null}>
      <SsoErrorAlert code={code} />
    </Suspense>
  );
}
