import { Icon } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { notify } from "~/components/ui/toasts";
import {
    isAcceptedImageType,
  MAX_IMAGE_BYTES,
  PROFILE_PHOTO_MESSAGES,
  PROFILE_PHOTO_PATH,
  UPLOAD_MESSAGES,
  type UploadedProfilePhoto,
} from "@common/image-upload";
import { HiddenImageInput } from "~/components/ui/hidden-image-input";
import { sendImageWhenFree, typeOf, uploadBody, UploadFailed } from "~/lib/image-upload";
import { useHydrated } from "~/lib/use-hydrated";

const button =
  "inline-flex items-center gap-2 rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold whitespace-nowrap hover:bg-stone-100 disabled:opacity-60 dark:border-stone-600 dark:hover:bg-stone-800";

/**
 * Adds, replaces or removes the signed-in user's profile photo. A chosen file is checked (type,
 * size), resized in the browser like a listing's photos and sent to POST /api/perfil/foto, which
 * stores it as squares and deletes the photo it replaces; then the page (and the header) reload
 * their data. Removing is a plain form post, so it works before the scripts load.
 */
export function ProfilePhotoControls({ hasPhoto, hint }: { hasPhoto: boolean; hint: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove-photo";

  function refuse(message: string) {
    notify.error(PROFILE_PHOTO_MESSAGES.failed, { description: message });
    setAnnouncement(`${PROFILE_PHOTO_MESSAGES.failed}: ${message}`);
  }

  async function upload(file: File) {
    if (!isAcceptedImageType(typeOf(file))) return refuse(UPLOAD_MESSAGES.type);
    if (file.size > MAX_IMAGE_BYTES) return refuse(UPLOAD_MESSAGES.size);
    setSending(true);
    setAnnouncement("Enviando a foto…");
    try {
      const { body, type } = await uploadBody(file);
      await sendImageWhenFree<UploadedProfilePhoto>(PROFILE_PHOTO_PATH, body, type);
      await revalidator.revalidate();
      notify.success(PROFILE_PHOTO_MESSAGES.updated);
      setAnnouncement(PROFILE_PHOTO_MESSAGES.updated);
    } catch (err) {
      refuse(err instanceof UploadFailed ? err.message : UPLOAD_MESSAGES.failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-2">
        {/* Without scripts nothing could send the file: the button waits for them. */}
        <button type="button" className={button} disabled={!hydrated || sending || removing} onClick={() => inputRef.current?.click()}>
          <Icon name="camera" aria-hidden className="size-4" />
          {sending ? "Enviando..." : hasPhoto ? "Trocar foto" : "Adicionar foto"}
        </button>
        {hasPhoto ? (
          <Form method="post" preventScrollReset>
            <button name="intent" value="remove-photo" className={button} disabled={sending || removing}>
              <Icon name="trash" aria-hidden className="size-4" />
              {removing ? "Removendo..." : "Remover foto"}
            </button>
          </Form>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{hint}</p>
      <HiddenImageInput ref={inputRef} onFile={(file) => void upload(file)} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
