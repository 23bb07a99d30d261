import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { IDENTITY_IMAGE_PATH, isAcceptedImageType, MAX_IMAGE_BYTES, UPLOAD_MESSAGES, type UploadedIdentityImage } from "@common/image-upload";
import { LEGAL_NAME_MAX, type IdentityField } from "@common/identity";
import { BADGE_TEXTS } from "@common/host-badges";
import { HostBadges } from "~/components/property/host-badges";
import { primaryButton } from "~/components/ui/button-class";
import { TextField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Icon } from "~/components/ui/icons";
import { HiddenImageInput } from "~/components/ui/hidden-image-input";
import { sendImageWhenFree, typeOf, uploadBody, UploadFailed } from "~/lib/image-upload";
import { useHydrated } from "~/lib/use-hydrated";

/** The account's latest request as /perfil's loader gives it (dates already dd/mm/aaaa). */
export interface IdentityStatusView {
  status: "pending" | "approved" | "refused";
  document: string;
  legalName: string;
  cadastur: string | null;
  cadasturChecked: boolean;
  refusalReason: string | null;
  sentOn: string;
  decidedOn: string | null;
}

interface Props {
  identity: IdentityStatusView | null;
  /** A refusal of the form: shown beside its field (one without a field is the page's toast). */
  error: { field?: string; title: string } | null;
  typed: Record<string, string>;
}

/** "Verificação de identidade" on a host's /perfil: the request's state, and the form when there is none open. */
export function IdentityVerification({ identity, error, typed }: Props) {
  return (
    <section aria-labelledby="verificacao-identidade" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
      <h2 id="verificacao-identidade" className="flex items-center gap-2 text-xl font-semibold">
        <Icon name="shield-check" aria-hidden className="size-5" /> Verificação de identidade
      </h2>
      {identity?.status === "approved" ? (
        <div className="mt-4 space-y-2">
          <HostBadges host={{ verified: true, cadastur: identity.cadasturChecked }} />
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {`Verificada em ${identity.decidedOn} · ${identity.legalName} · ${identity.document}`}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {`Seus anúncios e sua página de anfitrião mostram o selo “${BADGE_TEXTS.identity}”, e o aviso antes do WhatsApp diz aos hóspedes que a chave Pix deve estar em nome de ${identity.legalName}.`}
          </p>
        </div>
      ) : identity?.status === "pending" ? (
        <div className="mt-4 space-y-2 text-sm">
          <p className="font-semibold">{`Pedido enviado em ${identity.sentOn}: em análise.`}</p>
          <p className="text-stone-700 dark:text-stone-300">{`${identity.legalName} · ${identity.document}${identity.cadastur ? ` · Cadastur ${identity.cadastur}` : ""}`}</p>
          <p className="text-stone-600 dark:text-stone-400">Avisaremos por email quando a equipe decidir. As fotos são apagadas assim que o pedido é analisado.</p>
        </div>
      ) : (
        <>
          {identity?.status === "refused" ? (
            <div role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
              <p className="font-semibold">{`Seu pedido de ${identity.sentOn} não foi aprovado. O motivo:`}</p>
              <p className="mt-1 whitespace-pre-line">{identity.refusalReason}</p>
              <p className="mt-2">Você pode enviar um novo pedido abaixo.</p>
            </div>
          ) : null}
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
            {`Hóspedes confiam mais em quem mostra quem é. Com a identidade verificada, seus anúncios ganham o selo “${BADGE_TEXTS.identity}”.`}
          </p>
          <VerificationForm error={error} typed={typed} />
        </>
      )}
    </section>
  );
}

function VerificationForm({ error, typed }: Omit<Props, "identity">) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "request-verification";
  const fieldError = (name: IdentityField) => (error?.field === name ? error.title : undefined);
  const kindError = fieldError("documentKind");
  return (
    <Form method="post" className="mt-5 space-y-5" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="request-verification" />
      <fieldset aria-describedby={kindError ? "tipo-documento-erro" : undefined}>
        <legend className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">Tipo de documento</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {[
            ["cpf", "CPF (pessoa física)"],
            ["cnpj", "CNPJ (empresa)"],
          ].map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name="documentKind" value={value} defaultChecked={(typed.documentKind ?? "cpf") === value} className="size-4 accent-brand-700" />
              {label}
            </label>
          ))}
        </div>
        {kindError ? <FieldError id="tipo-documento-erro">{kindError}</FieldError> : null}
      </fieldset>
      <TextField label="Número do documento" name="document" inputMode="text" autoComplete="off" maxLength={40} defaultValue={typed.document} error={fieldError("document")} hint="Com ou sem pontuação. O CNPJ pode ter letras." />
      <TextField
        label="Nome completo ou razão social, como está no documento"
        name="legalName"
        autoComplete="name"
        maxLength={LEGAL_NAME_MAX}
        defaultValue={typed.legalName}
        error={fieldError("legalName")}
        hint="Os hóspedes veem este nome no aviso antes de falar com você: é o nome da sua chave Pix."
      />
      <TextField label="Cadastur (opcional)" name="cadastur" autoComplete="off" maxLength={30} defaultValue={typed.cadastur} error={fieldError("cadastur")} hint="O número do seu cadastro no Ministério do Turismo, se você tem." />
      <IdentityImageField name="documentUpload" label="Foto do documento" hint="RG ou CNH (para CNPJ, o do responsável pela empresa), inteiro e legível." error={fieldError("documentUpload")} />
      <IdentityImageField name="selfieUpload" label="Selfie segurando o documento" hint="Seu rosto e o documento na mesma foto, com boa luz." error={fieldError("selfieUpload")} />
      <p className="text-sm text-stone-600 dark:text-stone-400">
        As fotos ficam guardadas em área privada: só a equipe do Recanto as vê, e elas são apagadas assim que o pedido é analisado. Guardamos o número do documento e o nome completo.
      </p>
      <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={sending}>
        {sending ? "Enviando..." : "Enviar para verificação"}
      </button>
    </Form>
  );
}

/**
 * One private image: chosen, resized in the browser like any photo, and sent at once to
 * IDENTITY_IMAGE_PATH; the form then carries the staged upload's id. The preview is the local
 * file: the server gives the image no address.
 */
function IdentityImageField({ name, label, hint, error }: { name: string; label: string; hint: string; error?: string }) {
  const hydrated = useHydrated();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploadId, setUploadId] = useState("");
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<{ sending: boolean; problem: string | null }>({ sending: false, problem: null });
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function upload(file: File) {
    if (!isAcceptedImageType(typeOf(file))) return setState({ sending: false, problem: UPLOAD_MESSAGES.type });
    if (file.size > MAX_IMAGE_BYTES) return setState({ sending: false, problem: UPLOAD_MESSAGES.size });
    setState({ sending: true, problem: null });
    try {
      const { body, type } = await uploadBody(file);
      const sent = await sendImageWhenFree<UploadedIdentityImage>(IDENTITY_IMAGE_PATH, body, type);
      setUploadId(sent.id);
      setPreview(URL.createObjectURL(body));
      setState({ sending: false, problem: null });
    } catch (err) {
      setState({ sending: false, problem: err instanceof UploadFailed ? err.message : UPLOAD_MESSAGES.failed });
    }
  }

  const problem = state.problem ?? error;
  return (
    <div>
      <p id={`${id}-rotulo`} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {preview ? <img src={preview} alt={`${label}: prévia`} className="h-20 w-28 rounded-lg border border-stone-300 object-cover dark:border-stone-700" /> : null}
        <button
          type="button"
          aria-labelledby={`${id}-rotulo ${id}-botao`}
          aria-describedby={`${id}-dica${problem ? ` ${id}-erro` : ""}`}
          disabled={!hydrated || state.sending}
          onClick={() => inputRef.current?.click()}
          className="inline-flex items-center gap-2 rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold hover:bg-stone-100 disabled:opacity-60 dark:border-stone-600 dark:hover:bg-stone-800"
        >
          <Icon name="camera" aria-hidden className="size-4" />
          <span id={`${id}-botao`}>{state.sending ? "Enviando..." : uploadId ? "Trocar foto" : "Escolher foto"}</span>
        </button>
        <p role="status" className="text-sm text-stone-700 dark:text-stone-300">
          {uploadId && !state.sending ? "Foto enviada" : ""}
        </p>
      </div>
      <p id={`${id}-dica`} className="mt-1 text-xs text-stone-600 dark:text-stone-400">
        {`${hint} JPEG, PNG ou WebP, até 50MB.`}
      </p>
      {problem ? <FieldError id={`${id}-erro`}>{problem}</FieldError> : null}
      <input type="hidden" name={name} value={uploadId} />
      <HiddenImageInput ref={inputRef} onFile={(file) => void upload(file)} />
    </div>
  );
}
