import { Icon } from "~/components/ui/icons";
import { useCallback, useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { notify } from "~/components/ui/toasts";
import type { Route } from "./+types/perfil";
import { fieldRefusal, refused } from "@common/refusal";
import { LIMITS } from "@common/limits";
import { PROFILE_PHOTO_MESSAGES } from "@common/image-upload";
import { validateProfile } from "@common/validation/accounts";
import { LANGUAGES, languageField, languagesSentence } from "@common/languages";
import { checkIdentityRequest, IDENTITY_MESSAGES, maskedDocument } from "@common/identity";
import { ownIdentityStatus, requestVerification } from "@server/trust/identity";
import { openResponseQuestions, ownContacts } from "@server/trust/contacts";
import { firstName } from "@common/text";
import { contactAction, isContactIntent } from "~/lib/contact-actions.server";
import { contactView } from "~/lib/contact-view.server";
import { OwnContacts } from "~/components/contacts/own-contacts";
import { ResponseQuestions } from "~/components/contacts/contact-card";
import { IdentityVerification, type IdentityStatusView } from "~/components/profile/identity-verification";
import { locationCheck } from "@common/cities";
import { formatDate } from "@common/format";
import { formatPhone } from "@common/phone";
import { resendVerification, signOut } from "@server/accounts/flows";
import { requireUser } from "@server/accounts/guards";
import { deleteAccount } from "@server/accounts/personal-data";
import { getProfile, updateProfile } from "@server/accounts/profile";
import { removeProfilePhoto } from "@server/accounts/profile-photo";
import { municipalities } from "@server/cities/cities";
import { hostStats } from "@server/favorites/favorites";
import { DEFAULT_PERIOD, recentTotals } from "@server/insights/insights";
import { setMonthlySummary } from "@server/insights/summary-opt-out";
import { METRIC_LABELS, METRICS } from "@common/insights";
import { PhoneField } from "~/components/auth/phone-field";
import { ProfilePhotoControls } from "~/components/profile/profile-photo-controls";
import { MonthlySummarySetting } from "~/components/profile/monthly-summary-setting";
import { Avatar } from "~/components/ui/avatar";
import { CityAutocomplete } from "~/components/ui/city-autocomplete";
import { FormAlert, TextField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { FieldError } from "~/components/ui/field-error";
import { inputClass } from "~/components/ui/input-class";
import { guardPage } from "~/lib/auth.server";
import { readForm, sentFields, typedFields } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Meu Perfil | Recanto" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireUser);
  const profile = await getProfile(context.services.database.db, viewer.id);
  if (!profile) throw redirect("/login");
  const editing = new URL(request.url).searchParams.get("editar") === "1";
  const isHost = profile.userType === "host";
  const now = context.services.clock.now();
  const [contacts, questions] = await Promise.all([
    ownContacts(context.services.database.db, viewer.id, Number(new URL(request.url).searchParams.get("contatos")) || 1),
    openResponseQuestions(context.services.database.db, viewer.id, now),
  ]);
  return {
    contacts: { ...contacts, items: contacts.items.map((item) => contactView(item, "guest", now)) },
    questions: questions.map((q) => ({ id: q.id, listingTitle: q.listingTitle, host: firstName(q.hostName), contactedOn: formatDate(q.createdAt) })),
    profile: { ...profile, phone: formatPhone(profile.phone), memberSince: formatDate(profile.createdAt) },
    editing,
    hostStats: isHost ? await hostStats(context.services.database.db, viewer.id) : null,
    insights: isHost ? await recentTotals(context.services.database.db, viewer.id, now) : null,
    identity: isHost ? identityView(await ownIdentityStatus(context.services.database.db, viewer.id)) : null,
  };
}

function identityView(row: Awaited<ReturnType<typeof ownIdentityStatus>>): IdentityStatusView | null {
  if (!row) return null;
  return {
    status: row.status,
    document: maskedDocument(row.documentKind, row.document),
    legalName: row.legalName,
    cadastur: row.cadastur,
    cadasturChecked: row.cadasturChecked,
    refusalReason: row.refusalReason,
    sentOn: formatDate(row.createdAt),
    decidedOn: row.decidedAt ? formatDate(row.decidedAt) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireUser);
  const { services } = context;
  const fields = await readForm(request);
  if (isContactIntent(fields.intent)) return contactAction(request, context, viewer, fields, "/perfil#meus-contatos");
  switch (fields.intent) {
    case "update-profile": {
      const current = await getProfile(services.database.db, viewer.id);
      const input = validateProfile(fields, locationCheck(municipalities(), current?.location));
      const typed = sentFields(fields, ["name", "phone", "location", "bio", ...LANGUAGES.map(({ code }) => languageField(code))]);
      if (!input.ok) return refusalData(fieldRefusal(input), typed);
      try {
        await updateProfile(services.database.db, viewer.id, input.data);
      } catch (err) {
        services.logger.error({ err }, "profile update failed");
        return refusalData(refused(500, "Erro ao atualizar perfil"), typed);
      }
      return redirectWithToast("/perfil", { title: "Perfil atualizado!", variant: "success" });
    }
    case "request-verification": {
      const typed = sentFields(fields, ["documentKind", "document", "legalName", "cadastur"]);
      if (viewer.userType !== "host") return refusalData(refused(403, IDENTITY_MESSAGES.notHost), typed);
      const checked = checkIdentityRequest(fields);
      if (!checked.ok) return refusalData(fieldRefusal(checked), typed);
      const sent = await requestVerification(services.database.db, viewer.id, checked.data);
      if (!sent.ok) return refusalData(sent, typed);
      return redirectWithToast("/perfil", { title: "Pedido de verificação enviado", description: "Avisaremos por email quando nossa equipe analisar seus documentos.", variant: "success" });
    }
    case "resend-verification": {
      const limited = await overLimit(context, "verify", viewer.email);
      if (limited) return refusalData(limited);
      await resendVerification(services, viewer.email);
      return { ok: true as const, message: "Enviamos um novo link de confirmação para o seu email." };
    }
    case "delete-account": {
      if ((fields.confirmEmail ?? "").trim().toLowerCase() !== viewer.email) {
        return refusalData(refused(400, "Digite o email da sua conta para confirmar a exclusão.", { field: "confirmEmail" }));
      }
      try {
        await services.billing.cancelAll(viewer.id); // nobody is charged for an account that is gone
      } catch (err) {
        services.logger.error({ err }, "could not cancel subscriptions before account deletion");
        return refusalData(refused(502, "Não foi possível cancelar sua assinatura agora, por isso sua conta não foi excluída. Tente novamente em instantes."));
      }
      const headers = await signOut(services, request.headers, true);
      await deleteAccount(services.database.db, services.storage, viewer.id);
      return redirectWithToast("/", { title: "Conta excluída", description: "Apagamos sua conta e seus dados do Recanto." }, headers);
    }
    case "remove-photo": {
      try {
        await removeProfilePhoto(services.database.db, services.storage, viewer.id);
      } catch (err) {
        services.logger.error({ err }, "profile photo removal failed");
        return refusalData(refused(500, "Erro ao remover a foto", { description: "Tente novamente mais tarde." }));
      }
      return redirectWithToast("/perfil", { title: PROFILE_PHOTO_MESSAGES.removed, variant: "success" });
    }
    case "monthly-summary": {
      const on = fields.receber === "on";
      await setMonthlySummary(services.database.db, viewer.id, on);
      return redirectWithToast(
        "/perfil",
        on
          ? { title: "Resumo mensal ativado", description: "Você vai recebê-lo por email no começo de cada mês.", variant: "success" }
          : { title: "Resumo mensal desativado", description: "Você não vai mais recebê-lo por email.", variant: "success" },
      );
    }
    case "logout-everywhere": {
      const headers = await signOut(services, request.headers, true);
      return redirectWithToast("/", { title: "Você saiu de todos os dispositivos." }, headers);
    }
    default:
      return refusalData(refused(400, "Ação inválida."));
  }
}

export default function Perfil({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing, hostStats, insights, identity, contacts, questions } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const error = actionData && !actionData.ok ? actionData : null;
  const fieldError = (name: string) => (error?.field === name ? error.title : undefined);
  const typed = typedFields(actionData);
  useEffect(() => {
    if (error && !error.field) notify.error(error.title);
    if (actionData?.ok && "message" in actionData) notify.success(actionData.message);
  }, [actionData, error]);

  const isHost = profile.userType === "host";
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar name={profile.name} photoKey={profile.photoKey} size="lg" alt={profile.photoKey ? "Sua foto de perfil" : ""} />
        <div>
          <h1 className="text-3xl font-bold">Meu Perfil</h1>
          <p className="mt-2 text-stone-600 dark:text-stone-300">
            {isHost ? "Anfitrião na plataforma" : "Hóspede na plataforma"} · membro desde {profile.memberSince}
          </p>
          <ProfilePhotoControls
            hasPhoto={profile.photoKey !== null}
            hint={`JPEG, PNG ou WebP, até 50MB. Aparece no menu da sua conta${isHost ? " e nos seus anúncios" : ""}.`}
          />
        </div>
      </header>

      {!profile.emailVerified ? (
        <div className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <p>Confirme seu email: enviamos um link para {profile.email}.</p>
          <Form method="post">
            <button name="intent" value="resend-verification" className="font-semibold underline underline-offset-2">
              Reenviar link
            </button>
          </Form>
        </div>
      ) : null}

      <div className="grid items-start gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="dados-pessoais" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
            <div className="mb-6 flex items-center justify-between gap-4">
              <h2 id="dados-pessoais" className="text-xl font-semibold">
                Informações pessoais
              </h2>
              <Link
                to={editing ? "/perfil" : "/perfil?editar=1"}
                preventScrollReset
                className="shrink-0 rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold whitespace-nowrap hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
              >
                {editing ? "Cancelar" : "Editar Perfil"}
              </Link>
            </div>
            {editing ? (
              <Form method="post" className="space-y-5" noValidate key={JSON.stringify(profile)}>
                <input type="hidden" name="intent" value="update-profile" />
                <FormAlert>{error && !error.field ? error.title : null}</FormAlert>
                <TextField label="Nome completo" name="name" defaultValue={typed.name ?? profile.name} required maxLength={LIMITS.name} autoComplete="name" error={fieldError("name")} />
                <TextField label="Email" name="email-readonly" defaultValue={profile.email} readOnly disabled hint="O email não pode ser alterado: é com ele que você entra na sua conta." />
                <PhoneField defaultValue={typed.phone ?? profile.phone} required={false} error={fieldError("phone")} />
                <CityAutocomplete label="Localização" name="location" defaultValue={typed.location ?? profile.location} maxLength={LIMITS.location} error={fieldError("location")} />
                <BioField defaultValue={typed.bio ?? profile.bio} error={fieldError("bio")} />
                <LanguagesField spoken={error ? LANGUAGES.flatMap(({ code }) => (typed[languageField(code)] ? [code] : [])) : profile.languages} />
                <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={saving}>
                  {saving ? "Salvando..." : "Salvar alterações"}
                </button>
              </Form>
            ) : (
              <dl className="grid gap-5 sm:grid-cols-2">
                <ProfileItem label="Nome completo" value={profile.name} />
                <ProfileItem label="Email" value={profile.email} />
                <ProfileItem label="Telefone" value={profile.phone} />
                <ProfileItem label="Localização" value={profile.location} />
                <ProfileItem label="Bio" value={profile.bio} className="sm:col-span-2" />
                <ProfileItem label="Idiomas" value={capitalized(languagesSentence(profile.languages))} className="sm:col-span-2" />
              </dl>
            )}
          </section>
          {isHost ? <IdentityVerification identity={identity} error={error} typed={typed} /> : null}
          <ResponseQuestions questions={questions} />
          <OwnContacts contacts={contacts} refusal={error ? { title: error.title, field: error.field, contato: typed.contato } : null} />
        </div>

        <aside className="space-y-6">
          {hostStats ? (
            <>
              <section aria-labelledby="estatisticas" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
                <h2 id="estatisticas" className="text-lg font-semibold">
                  Estatísticas
                </h2>
                <dl className="mt-4 space-y-3">
                  <Stat icon={<Icon name="house" aria-hidden className="h-5 w-5" />} label="Propriedades ativas" value={hostStats.activeProperties} />
                  <Stat icon={<Icon name="heart" aria-hidden className="h-5 w-5" />} label="Favoritos recebidos" value={hostStats.favouritesReceived} />
                </dl>
              </section>
              {insights ? (
                <section aria-labelledby="desempenho" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
                  <h2 id="desempenho" className="text-lg font-semibold">
                    {`Últimos ${DEFAULT_PERIOD} dias`}
                  </h2>
                  <dl className="mt-4 space-y-3">
                    {METRICS.map((metric) => (
                      <Stat key={metric} icon={null} label={METRIC_LABELS[metric]} value={insights[metric]} />
                    ))}
                  </dl>
                  <Link to="/minhas-propriedades/desempenho" className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
                    <Icon name="signal" aria-hidden className="size-4" /> Ver desempenho
                  </Link>
                </section>
              ) : null}
              <MonthlySummarySetting on={profile.monthlySummaryEmail} />
              <section aria-labelledby="acoes-rapidas" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
                <h2 id="acoes-rapidas" className="text-lg font-semibold">
                  Ações rápidas
                </h2>
                <div className="mt-4 space-y-2">
                  <Link to="/adicionar-propriedade" className={primaryButton}>
                    <Icon name="plus" aria-hidden className="mr-2 h-4 w-4" /> Adicionar propriedade
                  </Link>
                  <Link
                    to="/minhas-propriedades"
                    className="inline-flex w-full items-center justify-center rounded-lg border border-stone-300 px-4 py-3 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
                  >
                    <Icon name="house" aria-hidden className="mr-2 h-4 w-4" /> Minhas propriedades
                  </Link>
                  <Link
                    to="/minhas-propriedades/contatos"
                    className="inline-flex w-full items-center justify-center rounded-lg border border-stone-300 px-4 py-3 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
                  >
                    <Icon name="message-circle" aria-hidden className="mr-2 h-4 w-4" /> Contatos recebidos
                  </Link>
                </div>
              </section>
            </>
          ) : null}
          <section aria-labelledby="meus-dados" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
            <h2 id="meus-dados" className="text-lg font-semibold">
              Seus dados
            </h2>
            <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">
              Direitos garantidos pela LGPD. Veja a <Link to="/privacidade" className="underline">Política de Privacidade</Link>.
            </p>
            <a
              href="/perfil/dados"
              download
              className="mt-4 inline-flex w-full items-center justify-center rounded-lg border border-stone-300 px-4 py-2.5 text-sm font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
            >
              Baixar meus dados
            </a>
            <details className="mt-3" open={error?.field === "confirmEmail" || undefined}>
              <summary className="cursor-pointer rounded-lg px-1 py-2 text-sm font-semibold text-red-800 dark:text-red-300">
                Excluir minha conta
              </summary>
              <Form method="post" className="mt-2 space-y-3">
                <p className="text-sm text-stone-700 dark:text-stone-300">
                  A exclusão é definitiva: apaga sua conta, sua foto de perfil, suas sessões, seus favoritos, suas denúncias, sua inscrição na newsletter e, se você é anfitrião, suas propriedades, fotos e sua verificação de identidade.
                </p>
                <TextField
                  label="Digite seu email para confirmar"
                  name="confirmEmail"
                  type="email"
                  autoComplete="off"
                  maxLength={LIMITS.email}
                  required
                  error={fieldError("confirmEmail")}
                />
                <button
                  name="intent"
                  value="delete-account"
                  className="w-full rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800"
                >
                  Excluir definitivamente
                </button>
              </Form>
            </details>
          </section>
          <section aria-labelledby="seguranca" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
            <h2 id="seguranca" className="flex items-center gap-2 text-lg font-semibold">
              <Icon name="shield-check" aria-hidden className="h-5 w-5" /> Segurança
            </h2>
            <Link
              to="/perfil/seguranca"
              className="mt-4 block w-full rounded-lg border border-stone-300 px-4 py-2.5 text-center text-sm font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
            >
              Verificação em duas etapas
            </Link>
            <Form method="post" action="/sair" className="mt-2">
              <button className="w-full rounded-lg border border-stone-300 px-4 py-2.5 text-sm font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800">
                Sair
              </button>
            </Form>
            <Form method="post" className="mt-2">
              <button
                name="intent"
                value="logout-everywhere"
                className="w-full rounded-lg border border-red-300 px-4 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/40"
              >
                Sair de todos os dispositivos
              </button>
              <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">Encerra a sua sessão em todos os navegadores e aparelhos, inclusive neste.</p>
            </Form>
          </section>
        </aside>
      </div>
    </div>
  );
}

function ProfileItem({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="mt-1 whitespace-pre-line break-words">{value || <span className="text-stone-500 dark:text-stone-400">Não informado</span>}</dd>
    </div>
  );
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: number }) {
  return (
    <div className="flex items-center justify-between">
      <dt className="flex items-center gap-2 text-stone-700 dark:text-stone-300">
        {icon}
        {label}
      </dt>
      <dd className="text-xl font-bold">{value.toLocaleString("pt-BR")}</dd>
    </div>
  );
}

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase("pt-BR") + text.slice(1);

/** The languages the person speaks: shown on a host's public page. */
function LanguagesField({ spoken }: { spoken: readonly string[] }) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">Idiomas que você fala</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {LANGUAGES.map(({ code, name }) => (
          <label key={code} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name={languageField(code)} defaultChecked={spoken.includes(code)} className="size-4 accent-brand-700" />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function BioField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const [length, setLength] = useState(defaultValue.length);
  // Text typed before the page hydrated is in the field but passed no onChange: count it once here.
  const countTyped = useCallback((field: HTMLTextAreaElement | null) => {
    if (field) setLength(field.value.length);
  }, []);
  return (
    <div>
      <label htmlFor="bio" className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        Bio
      </label>
      <textarea
        id="bio"
        name="bio"
        rows={4}
        maxLength={LIMITS.bio}
        defaultValue={defaultValue}
        ref={countTyped}
        onChange={(e) => setLength(e.currentTarget.value.length)}
        aria-describedby="bio-hint"
        aria-invalid={error ? true : undefined}
        className={inputClass}
      />
      <p id="bio-hint" className="mt-1 text-xs text-stone-600 dark:text-stone-400">
        {`${length} de ${LIMITS.bio} caracteres`}
      </p>
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}
