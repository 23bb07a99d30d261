/** The spec's image rules (§5 "Image files", §9), shared by the uploader in the browser and the server. */

export const MAX_IMAGES_PER_PROPERTY = 10;
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
/** What the browser may send; the server decides by the file's content, not by this label. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** For the file picker: types plus extensions (some systems label .jpg files oddly). */
export const IMAGE_ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, ".jpg", ".jpeg", ".png", ".webp"].join(",");

/** The browser resizes to fit this box (keeping the ratio, never enlarging) and sends JPEG at this quality. */
export const CLIENT_RESIZE = { maxWidth: 1200, maxHeight: 800, quality: 0.8 } as const;

/** Where the uploader sends each file: POST, body = the file's bytes, Content-Type = its type. */
export const IMAGE_UPLOAD_PATH = "/api/imagens";

/** Answer of a successful upload (201). */
export interface UploadedImage {
  /** The staged upload's id: submit it (in order) as the form's imageIds. */
  id: string;
  /** The 800-wide WebP, for the preview. */
  url: string;
  width: number;
  height: number;
}

export const UPLOAD_MESSAGES = {
  type: "Tipo de arquivo não suportado. Use JPEG, PNG ou WebP.",
  size: "Arquivo muito grande. Máximo 50MB.",
  count: `Máximo de ${MAX_IMAGES_PER_PROPERTY} imagens permitidas`,
  corrupt: "Arquivo inválido: a imagem está corrompida ou incompleta.",
  empty: "Arquivo inválido: o arquivo está vazio.",
  pixels: "Arquivo inválido: a imagem tem mais de 50 megapixels. Reduza a imagem e tente novamente.",
  failed: "Falha ao fazer upload da imagem.",
  loggedOut: "Você precisa estar logado para adicionar uma propriedade.",
  notHost: "Apenas anfitriões podem enviar imagens de propriedades.",
  notPremium: "Assine o plano Premium para enviar imagens de propriedades.",
  busy: "O servidor está processando muitas imagens agora. Tente novamente em alguns segundos.",
  tooManyStaged: "Há imagens demais enviadas e ainda não salvas. Salve a propriedade ou tente novamente mais tarde.",
  fraud: "Esta foto é igual a uma de um anúncio removido por fraude. Envie fotos da sua própria hospedagem.",
} as const;

/** Where the profile page sends a new profile photo: POST, body = the file's bytes, Content-Type = its type (any signed-in user). */
export const PROFILE_PHOTO_PATH = "/api/perfil/foto";

/** Answer of a new profile photo (201): the photo as pages show it (256 px square, WebP). */
export interface UploadedProfilePhoto {
  url: string;
}

/** The profile photo's own sentences; the file's checks share UPLOAD_MESSAGES. */
export const PROFILE_PHOTO_MESSAGES = {
  loggedOut: "Você precisa estar logado para enviar uma foto de perfil.",
  updated: "Foto de perfil atualizada",
  removed: "Foto de perfil removida",
  failed: "Não foi possível enviar a foto",
} as const;

/**
 * Where the profile page sends an identity document's photo or a selfie holding it: POST, body =
 * the file's bytes (hosts only). Stored privately (server/media/private-files.ts): the answer names
 * the staged upload, never an address.
 */
export const IDENTITY_IMAGE_PATH = "/api/perfil/verificacao/imagem";

/** Answer of an identity image (201): the staged upload's id, for the verification form. */
export interface UploadedIdentityImage {
  id: string;
}

export const IDENTITY_UPLOAD_MESSAGES = {
  loggedOut: "Você precisa estar logado para enviar seus documentos.",
  notHost: "A verificação de identidade é para anfitriões.",
} as const;

export function isAcceptedImageType(type: string): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}
