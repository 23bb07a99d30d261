import { renderSVG } from "uqr";

/**
 * What the set-up page shows for a new authenticator: its otpauth URI as a QR code (an SVG drawn
 * here on the server, so the QR library never reaches the browser) and its secret in groups of
 * four for typing by hand.
 */
export function authenticatorSetup(otpauthUri: string) {
  const secret = new URL(otpauthUri).searchParams.get("secret") ?? "";
  return { qrSvg: renderSVG(otpauthUri, { border: 2 }), secretGroups: secret.match(/.{1,4}/g) ?? [] };
}
