import { Icon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { loginPath, signUpPath } from "~/lib/redirects";
import { linkButton, PageMessage, secondaryLinkButton } from "./page-message";

/** 'Acesso Restrito' for logged-out visitors, with a login that comes back to `returnTo`. */
export function AccessRestricted({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  return (
    <PageMessage
      icon={<Icon name="lock" aria-hidden className="h-12 w-12" />}
      title="Acesso Restrito"
      actions={
        <>
          <Link to={loginPath(returnTo)} className={linkButton}>
            Entrar
          </Link>
          <Link to={signUpPath(returnTo)} className={secondaryLinkButton}>
            Criar conta
          </Link>
        </>
      }
    >
      <p>{children}</p>
    </PageMessage>
  );
}
