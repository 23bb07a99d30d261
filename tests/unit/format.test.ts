import { describe, expect, it } from "vitest";
import { formatBRL, formatCount, formatDate, formatDistance } from "../../common/format";
import { formatPhone, maskBrazilianPhone, normalizePhone } from "../../common/phone";
import { forgotPasswordPath, loginPath, safeRedirect } from "../../app/lib/redirects";

describe("formatting", () => {
  it("formats centavos as pt-BR reais", () => {
    expect(formatBRL(3990)).toBe("R$\u00a039,90");
    expect(formatBRL(0)).toBe("R$\u00a00,00");
    expect(formatBRL(123456789)).toBe("R$\u00a01.234.567,89");
  });

  it("formats dates as dd/mm/aaaa in Brasília time", () => {
    expect(formatDate(new Date("2026-03-05T12:00:00Z"))).toBe("05/03/2026");
    // 01:30 UTC on the 1st is still the previous evening in São Paulo.
    expect(formatDate("2026-01-01T01:30:00Z")).toBe("31/12/2025");
  });

  it("formats counts and distances with pt-BR's thousands separator", () => {
    expect(formatCount(1000)).toBe("1.000");
    expect(formatCount(7)).toBe("7");
    expect(formatDistance(1234.4, "Gramado")).toBe("a 1.234 km de Gramado");
    expect(formatDistance(0.4, "você")).toBe("a menos de 1 km de você");
  });
});

describe("phones", () => {
  it("normalises Brazilian numbers to E.164 digits without doubling the 55", () => {
    expect(normalizePhone("(11) 98765-4321")).toBe("5511987654321");
    expect(normalizePhone("+55 11 98765-4321")).toBe("5511987654321");
    expect(normalizePhone("11 3456-7890")).toBe("551134567890");
    expect(normalizePhone("1234")).toBeNull();
    expect(normalizePhone("")).toBeNull();
  });

  it("masks while typing and formats for display", () => {
    expect(maskBrazilianPhone("11987654321")).toBe("(11) 98765-4321");
    expect(maskBrazilianPhone("1134567890")).toBe("(11) 3456-7890");
    expect(maskBrazilianPhone("119")).toBe("(11) 9");
    expect(formatPhone("5511987654321")).toBe("(11) 98765-4321");
  });
});

describe("post-login destinations", () => {
  it("accepts only local paths", () => {
    expect(safeRedirect("/perfil")).toBe("/perfil");
    expect(safeRedirect("/category/chales?page=2#topo")).toBe("/category/chales?page=2#topo");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect("/login?redirectTo=/perfil")).toBe("/");
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/%09/evil.example", "/\\/evil.example", "javascript:alert(1)", "perfil"])(
    "refuses %j",
    (to) => {
      const target = safeRedirect(to);
      expect(new URL(target, "https://recanto.com.br").origin).toBe("https://recanto.com.br");
      expect(target).toBe(to === "/%09/evil.example" ? "/%09/evil.example" : "/");
  });

  it("sends to the login page with a return path only when the login page would accept it", () => {
    expect(loginPath("/favoritos?x=1")).toBe("/login?redirectTo=%2Ffavoritos%3Fx%3D1");
    expect(loginPath("/")).toBe("/login");
    expect(loginPath(`/accommodation/${"a".repeat(3000)}`)).toBe("/login");
  });

  it("'Esqueci minha senha' carries the typed email and a return path the login page would accept", () => {
    expect(forgotPasswordPath("ana@example.com", "/category/chales?page=2")).toBe("/esqueci-senha?email=ana%40example.com&redirectTo=%2Fcategory%2Fchales%3Fpage%3D2");
    expect(forgotPasswordPath("", "/")).toBe("/esqueci-senha");
    expect(forgotPasswordPath("", "//evil.example")).toBe("/esqueci-senha");
  });
});
