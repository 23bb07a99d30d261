import { describe, expect, it } from "vitest";
import { authenticatorCode, recoveryCode } from "../../common/validation/second-factor";
import { newRecoveryCodes } from "../../server/accounts/auth";

describe("second-factor codes as typed", () => {
  it("reads the app's 6 digits with the space or hyphen some apps show, and nothing else", () => {
    expect(authenticatorCode("123456")).toBe("123456");
    expect(authenticatorCode(" 123 456 ")).toBe("123456");
    expect(authenticatorCode("123-456")).toBe("123456");
    for (const bad of [undefined, "", "12345", "1234567", "12a456", "１２３４５６"]) expect(authenticatorCode(bad)).toBeNull();
  });

  it("reads a recovery code with or without its hyphen, in either case", () => {
    expect(recoveryCode("abcde-23456")).toBe("abcde-23456");
    expect(recoveryCode(" ABCDE23456 ")).toBe("abcde-23456");
    for (const bad of [undefined, "", "abcde-2345", "abcde-234567", "abcde_23456", "abçde-23456"]) expect(recoveryCode(bad)).toBeNull();
  });

  it("makes 10 distinct recovery codes without look-alike characters, each read back as itself", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(recoveryCode(code)).toBe(code);
    }
  });
});
