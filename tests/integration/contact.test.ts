import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";

const PAGES = ["/central-ajuda", "/privacidade", "/termos-uso"];

describe(`the contact we give comes from the configuration (${engine})`, () => {
  const configured = useTestApp({ CONTACT_EMAIL: "ajuda@recanto.com.br", CONTACT_WHATSAPP: "+55 11 94000-1234" });
  const bare = useTestApp();

  it("shows CONTACT_EMAIL on the help, privacy and terms pages, and the support WhatsApp on the help page", async () => {
    for (const path of PAGES) {
      const html = await (await fetch(`${configured.app.url}${path}`)).text();
      expect(html, path).toContain('href="mailto:ajuda@recanto.com.br');
      expect(html, path).not.toContain("recanto.dev");
    }
    const help = await (await fetch(`${configured.app.url}/central-ajuda`)).text();
    expect(help).toContain('href="https://wa.me/5511940001234"');
    expect(help).toContain("+55 11 94000 1234");
  });

  it("without them: the site's own host as the address, and no WhatsApp at all", async () => {
    const host = new URL(bare.app.url).hostname;
    const help = await (await fetch(`${bare.app.url}/central-ajuda`)).text();
    expect(help).toContain(`href="mailto:contato@${host}"`);
    expect(help).not.toContain("wa.me");
  });
});
