import { Link } from "react-router";
import { linkButton, PageMessage } from "./page-message";

/** The site's page-not-found (the spec keeps its English title), also shown where a page must not reveal it exists. */
export function NotFoundMessage() {
  return (
    <PageMessage
      title="Oops! Page not found"
      actions={
        <Link to="/" className={linkButton}>
          Voltar ao início
        </Link>
      }
    >
      <p>Não encontramos a página que você procura. Ela pode ter mudado de endereço ou não existir mais.</p>
    </PageMessage>
  );
}
