import { Icon } from "~/components/ui/icons";
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { notify } from "~/components/ui/toasts";
import { IMAGE_ACCEPT_ATTRIBUTE, IMAGE_UPLOAD_PATH, isAcceptedImageType, MAX_IMAGE_BYTES, MAX_IMAGES_PER_PROPERTY, UPLOAD_MESSAGES, type UploadedImage } from "@common/image-upload";
import { sendImageWhenFree, typeOf, uploadBody, UploadFailed } from "~/lib/image-upload";

export interface UploaderImage {
  id: string;
  url: string;
}

/** One file of the current batch: 0–99 while sending, 100 done ('Concluído'), -1 failed ('Erro'). */
interface FileProgress {
  key: number;
  name: string;
  progress: number;
}

/** The spec: the progress list clears this long after the batch ends. */
const PROGRESS_CLEAR_MS = 2000;
/** Files sent at once; the rest wait (the server decodes a few at a time anyway). */
const PARALLEL_UPLOADS = 3;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Runs jobs with at most `limit` at once; results in the jobs' order. */
async function inParallel<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/**
 * The property form's photos (spec §2 add property, §4 upload progress, §5 image files): a drop
 * zone that also opens the file picker by click, Enter or Space; type, size and count checked with
 * the spec's messages; each file resized in the browser and sent to POST /api/imagens with its
 * progress; the ordered list of photos (first = cover) with move and remove buttons. The form
 * receives the ids in order as hidden `imageIds` inputs. Removing only takes a photo off the list:
 * the server deletes files when the form is saved (or, for uploads never saved, within a day).
 */
export function ImageUploader({
  images,
  onChange,
  disabled = false,
  onUploadingChange,
}: {
  /** Already uploaded photos in order; the first is the cover. */
  images: UploaderImage[];
  onChange: (images: UploaderImage[]) => void;
  disabled?: boolean;
  /** Told true while files are being sent, false once the batch ends (e.g. to hold the form's submit). */
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const zoneRef = useRef<HTMLDivElement>(null);
  const hintId = useId();

  // Uploads finish after renders: they read and extend the latest list, not the one they started with.
  const imagesRef = useRef(images);
  const onChangeRef = useRef(onChange);
  const onUploadingRef = useRef(onUploadingChange);
  useEffect(() => {
    imagesRef.current = images;
    onChangeRef.current = onChange;
    onUploadingRef.current = onUploadingChange;
  });
  const sending = useRef(0);
  const nextKey = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const full = images.length >= MAX_IMAGES_PER_PROPERTY;
  const inactive = disabled || full;

  // A file dropped beside the zone would make the browser leave the page to show it.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);

  /** Hands the parent a new list, and remembers it at once: another batch may end before the parent renders. */
  function change(next: UploaderImage[]) {
    imagesRef.current = next;
    onChangeRef.current(next);
  }

  const setFileProgress = useCallback((key: number, value: number) => {
    setProgress((list) => list.map((item) => (item.key === key ? { ...item, progress: value } : item)));
  }, []);

  async function upload(files: File[]) {
    if (disabled || files.length === 0) return;
    const room = MAX_IMAGES_PER_PROPERTY - imagesRef.current.length - sending.current;
    if (room <= 0) {
      notify.error(UPLOAD_MESSAGES.count);
      return;
    }
    const valid: File[] = [];
    for (const file of files) {
      if (!isAcceptedImageType(typeOf(file))) notify.error(UPLOAD_MESSAGES.type, { description: file.name });
      else if (file.size > MAX_IMAGE_BYTES) notify.error(UPLOAD_MESSAGES.size, { description: file.name });
      else valid.push(file);
    }
    if (valid.length > room) {
      const left = valid.length - room;
      notify.error(UPLOAD_MESSAGES.count, { description: `${plural(left, "imagem não foi adicionada", "imagens não foram adicionadas")}.` });
      valid.length = room;
    }
    if (valid.length === 0) return;

    const batch = valid.map((file) => ({ file, key: nextKey.current++ }));
    clearTimeout(clearTimer.current);
    sending.current += batch.length;
    onUploadingRef.current?.(true);
    setProgress((list) => [...list, ...batch.map(({ file, key }) => ({ key, name: file.name, progress: 0 }))]);
    setAnnouncement(`Enviando ${plural(batch.length, "imagem", "imagens")}…`);

    const failures: { name: string; status: number; message: string }[] = [];
    const results = await inParallel(
      batch.map(({ file, key }) => async () => {
        try {
          const { body, type } = await uploadBody(file);
          const uploaded = await sendImageWhenFree<UploadedImage>(IMAGE_UPLOAD_PATH, body, type, (percent) => setFileProgress(key, percent));
          setFileProgress(key, 100);
          return { id: uploaded.id, url: uploaded.url };
        } catch (err) {
          setFileProgress(key, -1);
          failures.push({ name: file.name, status: err instanceof UploadFailed ? err.status : 0, message: err instanceof UploadFailed ? err.message : UPLOAD_MESSAGES.failed });
          return null;
        } finally {
          sending.current--;
        }
      }),
      PARALLEL_UPLOADS,
    );

    const added = results.filter((r): r is UploaderImage => r !== null);
    if (added.length > 0) {
      change([...imagesRef.current, ...added].slice(0, MAX_IMAGES_PER_PROPERTY));
      notify.success("Upload concluído", {
        description: `${plural(added.length, "imagem enviada", "imagens enviadas")} com sucesso.`,
      });
    }
    if (failures.some((f) => f.status === 401)) {
      notify.error("Erro de autenticação", { description: UPLOAD_MESSAGES.loggedOut });
    }
    for (const failure of failures.filter((f) => f.status !== 401)) {
      notify.error("Erro no upload", { description: `${failure.name}: ${failure.message}` });
    }
    setAnnouncement(
      failures.length === 0
        ? `Upload concluído: ${plural(added.length, "imagem enviada", "imagens enviadas")}.`
        : `${plural(added.length, "imagem enviada", "imagens enviadas")}, ${plural(failures.length, "com erro", "com erro")}.`,
    );
    if (sending.current === 0) {
      onUploadingRef.current?.(false);
      clearTimer.current = setTimeout(() => setProgress([]), PROGRESS_CLEAR_MS);
    }
  }

  function openPicker() {
    if (inactive) {
      if (full && !disabled) notify.error(UPLOAD_MESSAGES.count);
      return;
    }
    inputRef.current?.click();
  }

  function onZoneKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openPicker();
    }
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = inactive ? "none" : "copy";
    if (!inactive) setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    if (full) {
      notify.error(UPLOAD_MESSAGES.count);
      return;
    }
    void upload([...event.dataTransfer.files]);
  }

  // After a move or removal the pressed button may vanish or be disabled: keep the focus nearby.
  const focusAfterRender = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const selector = focusAfterRender.current;
    if (!selector) return;
    focusAfterRender.current = null;
    const target = selector === "zone" ? zoneRef.current : listRef.current?.querySelector<HTMLElement>(selector);
    (target ?? zoneRef.current)?.focus();
  });

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= images.length) return;
    const next = [...images];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    change(next);
    const edge = to === 0 ? "right" : to === next.length - 1 ? "left" : by === -1 ? "left" : "right";
    focusAfterRender.current = `[data-image="${moved!.id}"] [data-move="${edge}"]`;
    setAnnouncement(to === 0 ? `Imagem movida para a posição 1 de ${next.length}: agora é a capa.` : `Imagem movida para a posição ${to + 1} de ${next.length}.`);
  }

  function remove(index: number) {
    const next = images.filter((_, i) => i !== index);
    change(next);
    const neighbour = next[index] ?? next[index - 1];
    focusAfterRender.current = neighbour ? `[data-image="${neighbour.id}"] [data-remove]` : "zone";
    notify.success("Imagem removida");
    setAnnouncement(`Imagem removida. ${plural(next.length, "imagem", "imagens")} na lista.`);
  }

  const buttonClass =
    "inline-flex size-9 items-center justify-center rounded-full bg-white/95 text-stone-800 shadow hover:bg-white disabled:opacity-40 dark:bg-stone-900/95 dark:text-stone-100";

  return (
    <div className="space-y-4">
      <div
        ref={zoneRef}
        role="button"
        tabIndex={inactive ? -1 : 0}
        aria-disabled={inactive || undefined}
        aria-label={full ? `Adicionar fotos: ${UPLOAD_MESSAGES.count}` : "Adicionar fotos"}
        aria-describedby={hintId}
        onClick={openPicker}
        onKeyDown={onZoneKeyDown}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-10 text-center transition ${
          inactive
            ? "cursor-not-allowed border-stone-300 bg-stone-100 text-stone-500 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-400"
            : dragging
              ? "cursor-copy border-brand-600 bg-brand-50 text-brand-800 dark:border-brand-300 dark:bg-brand-900/40 dark:text-brand-100"
              : "cursor-pointer border-stone-300 text-stone-700 hover:border-brand-500 hover:bg-brand-50/60 dark:border-stone-600 dark:text-stone-200 dark:hover:bg-brand-900/30"
        }`}
      >
        <Icon name="image-plus" aria-hidden className="size-10" />
        <span className="font-semibold">{full ? UPLOAD_MESSAGES.count : dragging ? "Solte as imagens aqui" : "Arraste imagens para cá ou clique para selecionar"}</span>
        <span id={hintId} className="text-sm text-stone-600 dark:text-stone-400">
          JPEG, PNG ou WebP, até 50MB cada. {images.length} de {MAX_IMAGES_PER_PROPERTY} imagens.
        </span>
      </div>
      {/* Beside the zone, not in it: a control inside a control confuses screen readers. */}
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={IMAGE_ACCEPT_ATTRIBUTE}
        tabIndex={-1}
        aria-hidden
        className="sr-only"
        disabled={inactive}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = ""; // the same file may be chosen again later
          void upload(files);
        }}
      />

      <p role="status" className="sr-only">
        {announcement}
      </p>

      {progress.length > 0 ? (
        <ul aria-label="Envio das imagens" className="space-y-2">
          {progress.map((item) => (
            <li key={item.key} className="flex items-center gap-3 text-sm">
              <span className="min-w-0 flex-1 truncate" title={item.name}>
                {item.name}
              </span>
              {item.progress === 100 ? (
                <span className="font-medium text-brand-700 dark:text-brand-300">Concluído</span>
              ) : item.progress === -1 ? (
                <span className="font-medium text-red-700 dark:text-red-400">Erro</span>
              ) : (
                <>
                  <progress max={100} value={item.progress} aria-label={`Enviando ${item.name}`} className="h-2 w-32 overflow-hidden rounded-full accent-brand-600 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-brand-600 dark:[&::-webkit-progress-bar]:bg-stone-700" />
                  <span className="w-10 text-right tabular-nums">{item.progress}%</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {images.length > 0 ? (
        <ol ref={listRef} aria-label="Fotos da propriedade (a primeira é a capa)" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((image, index) => (
            <li key={image.id} data-image={image.id} className="relative overflow-hidden rounded-lg border border-stone-200 bg-stone-100 dark:border-stone-700 dark:bg-stone-800">
              <img src={image.url} alt={`Foto ${index + 1}${index === 0 ? " (capa)" : ""}`} className="aspect-[3/2] w-full object-cover" />
              {index === 0 ? (
                <span className="absolute top-2 left-2 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow">Capa</span>
              ) : null}
              <div className="absolute inset-x-2 bottom-2 flex items-center justify-between gap-1">
                <div className="flex gap-1">
                  <button
                    type="button"
                    data-move="left"
                    disabled={disabled || index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Mover foto ${index + 1} para a esquerda`}
                    className={buttonClass}
                  >
                    <Icon name="chevron-left" aria-hidden className="size-5" />
                  </button>
                  <button
                    type="button"
                    data-move="right"
                    disabled={disabled || index === images.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Mover foto ${index + 1} para a direita`}
                    className={buttonClass}
                  >
                    <Icon name="chevron-right" aria-hidden className="size-5" />
                  </button>
                </div>
                <button
                  type="button"
                  data-remove
                  disabled={disabled}
                  onClick={() => remove(index)}
                  aria-label={`Remover foto ${index + 1}`}
                  className={`${buttonClass} hover:text-red-700`}
                >
                  <Icon name="trash" aria-hidden className="size-5" />
                </button>
              </div>
              <input type="hidden" name="imageIds" value={image.id} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
