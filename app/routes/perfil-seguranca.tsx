import { Icon } from "~/components/ui/icons";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/perfil-seguranca";
import { LIMITS } from "@common/limits";
import { refused } from "@common/refusal";
import { AUTHENTICATOR_CODE_INVALID, authenticatorCode } from "@common/validation/second-factor";
import { requireUser } from "@server/accounts/guards";
import { confirmSetup, pendingAuthenticator, regenerateRecoveryCodes, startSetup, turnOff } from "@server/accounts/second-factor";
import { AppCodeField } from "~/components/auth/app-code-field";
import { FormAlert, PasswordField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { guardPage } from "~/lib/auth.server";
import { authenticatorSetup } from "~/lib/authenticator.server";
import { readForm } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { refusalData } from "~/lib/refusal.server";
import { safeRedirect } from "~/lib/redirects";
import { redirectWithToast } from "~/lib/toast.server";

const TURN_OFF_PASSWORD = "turn-off-password";
/** Each intent of the page's forms, and whether it needs the second factor on (or off) to mean anything. */
const INTENTS = { start: false, confirm: false, regenerate: true, "turn-off": true } as const;
type Intent = keyof typeof INTENTS;
const isIntent = (value: string | undefined): value is Intent => value !== undefined && Object.hasOwn(INTENTS, value);

export const meta: Route.MetaFunction = () => [{ title: "Verificação em duas etapas | Recanto" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireUser);
  const continueTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/perfil");
  const operator = viewer.role === "admin";
  if (viewer.twoFactorEnabled) return { state: "on" as const, operator, continueTo };
  const uri = await pendingAuthenticator(context.services, viewer.id);
  if (uri) return { state: "scan" as const, operator, continueTo, ...authenticatorSetup(uri) };
  return { state: "off" as const, operator, continueTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireUser);
  const { services } = context;
  const fields = await readForm(request);
  const intent = fields.intent;
  if (!isIntent(intent)) return refusalData(refused(400, "Ação inválida."));
  // A form sent from a page that is out of date (the factor changed in another tab) or made by hand.
  if (INTENTS[intent] !== viewer.twoFactorEnabled) {
    return refusalData(refused(409, viewer.twoFactorEnabled ? "A verificação em duas etapas já está ativada." : "A verificação em duas etapas não está ativada."));
  }
  const password = (fields.password ?? "").slice(0, LIMITS.password);
  // The page has two password forms when the factor is on: each error goes beside its own field.
  const passwordField = intent === "turn-off" ? TURN_OFF_PASSWORD : "password";
  if (intent !== "confirm" && !password) return refusalData(refused(400, "Digite sua senha.", { field: passwordField }));
  // Each intent checks a password or a code: limited like the sign-in's second step, per network and account.
  const limited = await overLimit(context, "secondFactor", viewer.email);
  if (limited) return refusalData(limited);

  switch (intent) {
    case "start": {
      const result = await startSetup(services, password, request.headers);
      return result.ok ? { ok: true as const } : refusalData(result);
    }
    case "confirm": {
      const code = authenticatorCode(fields.code);
      if (!code) return refusalData(refused(400, AUTHENTICATOR_CODE_INVALID, { field: "code" }));
      const result = await confirmSetup(services, viewer, code, request.headers);
      if (!result.ok) return refusalData(result);
      // better-auth rotated the session as it turned the second factor on: the new cookie goes back with the codes.
      return data({ ok: true as const, recoveryCodes: result.value.recoveryCodes }, { headers: result.value.headers });
    }
    case "regenerate": {
      const result = await regenerateRecoveryCodes(services, password, request.headers);
      return result.ok ? { ok: true as const, recoveryCodes: result.value } : refusalData(result);
    }
    case "turn-off": {
      if (viewer.role === "admin") return refusalData(refused(403, "Operadores não podem desativar a verificação em duas etapas."));
      const result = await turnOff(services, password, request.headers);
      if (!result.ok) return refusalData(result.field ? { ...result, field: passwordField } : result);
      return redirectWithToast("/perfil/seguranca", { title: "Verificação em duas etapas desativada", variant: "info" }, result.value);
    }
  }
}

const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 px-4 py-2.5 text-sm font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800";

export default function PerfilSeguranca({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const error = actionData && !actionData.ok ? actionData : null;
  const recoveryCodes = actionData && actionData.ok && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const { state, operator, continueTo } = loaderData;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link to="/perfil" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          ← Meu perfil
        </Link>
      </p>
      <h1 className="mt-3 flex items-center gap-2 text-3xl font-bold text-stone-900 dark:text-stone-50">
        <Icon name="shield-check" aria-hidden className="h-7 w-7 text-brand-700 dark:text-brand-300" /> Verificação em duas etapas
      </h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        Além da senha, o login pede um código de 6 números que muda a cada 30 segundos no aplicativo autenticador do seu celular (Google Authenticator,
        Microsoft Authenticator, 1Password, Authy e outros).
      </p>
      {operator && state !== "on" ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
          <strong>Obrigatória para operadores.</strong> Ative a verificação para acessar a moderação.
        </p>
      ) : null}

      <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} continueTo={continueTo} />
        ) : state === "on" ? (
          <TurnedOn operator={operator} error={error} pending={pending} />
        ) : state === "scan" ? (
          <Scan qrSvg={loaderData.qrSvg} secretGroups={loaderData.secretGroups} error={error} pending={pending} />
        ) : (
          <Start error={error} pending={pending} />
        )}
      </div>
    </div>
  );
}

type FormError = { title: string; field?: string } | null;

function PasswordForm({
  intent,
  label,
  error,
  pending,
  danger,
  field = "password",
}: {
  intent: string;
  label: string;
  error: FormError;
  pending: boolean;
  danger?: boolean;
  field?: string;
}) {
  return (
    <Form method="post" className="mt-4 space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <PasswordField
        label="Sua senha"
        name="password"
        autoComplete="current-password"
        required
        maxLength={LIMITS.password}
        error={error?.field === field ? error.title : undefined}
      />
      <button
        type="submit"
        disabled={pending}
        className={danger ? `${secondaryButton} w-full border-red-300 text-red-800 dark:border-red-800 dark:text-red-300` : primaryButton}
      >
        {label}
      </button>
    </Form>
  );
}

function Start({ error, pending }: { error: FormError; pending: boolean }) {
  return (
    <>
      <h2 className="text-xl font-semibold">Passo 1 de 2: confirme sua senha</h2>
      <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">Depois, você vai ler um código QR com o aplicativo autenticador.</p>
      <div className="mt-4">
        <FormAlert>{error && error.field !== "password" ? error.title : null}</FormAlert>
      </div>
      <PasswordForm intent="start" label="Continuar" error={error} pending={pending} />
    </>
  );
}

function Scan({ qrSvg, secretGroups, error, pending }: { qrSvg: string; secretGroups: string[]; error: FormError; pending: boolean }) {
  return (
    <>
      <h2 className="text-xl font-semibold">Passo 2 de 2: conecte o aplicativo</h2>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-stone-700 dark:text-stone-300">
        <li>No aplicativo autenticador, toque em adicionar conta e leia o código QR abaixo.</li>
        <li>Digite o código de 6 números que o aplicativo mostrar para o Recanto.</li>
      </ol>
      <div className="mt-5 flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        {/* Drawn on the server; dark squares on white in both themes, as cameras expect. */}
        <div
          role="img"
          aria-label="Código QR para adicionar o Recanto ao aplicativo autenticador"
          className="w-48 shrink-0 rounded-lg border border-stone-200 bg-white p-1 dark:border-stone-700"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <div className="min-w-0 text-sm text-stone-700 dark:text-stone-300">
          <p>Não consegue ler o código? Digite esta chave no aplicativo (tipo: baseada em tempo):</p>
          <p className="mt-2 font-mono text-base font-semibold tracking-wider break-words text-stone-900 dark:text-stone-50" data-testid="totp-secret">
            {secretGroups.join(" ")}
          </p>
        </div>
      </div>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value="confirm" />
        <FormAlert>{error && error.field !== "code" ? error.title : null}</FormAlert>
        <AppCodeField error={error?.field === "code" ? error.title : undefined} />
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Verificando..." : "Ativar verificação"}
        </button>
      </Form>
    </>
  );
}

function TurnedOn({ operator, error, pending }: { operator: boolean; error: FormError; pending: boolean }) {
  return (
    <>
      <p className="flex items-center gap-2 font-semibold text-brand-800 dark:text-brand-200">
        <Icon name="check" aria-hidden className="h-5 w-5" /> A verificação em duas etapas está ativada.
      </p>
      <FormAlertBlock error={error} />
      <h2 className="mt-6 text-lg font-semibold">Códigos de recuperação</h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">Perdeu os códigos ou usou vários? Gere 10 novos: os anteriores deixam de funcionar.</p>
      <PasswordForm intent="regenerate" label="Gerar novos códigos" error={error} pending={pending} />
      <h2 className="mt-8 text-lg font-semibold">Desativar</h2>
      {operator ? (
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          Contas de operador não podem desativar a verificação em duas etapas. Vai trocar de celular? Transfira as contas do aplicativo autenticador para o novo
          aparelho. Perdeu o celular? Entre com um código de recuperação e peça à equipe técnica para configurar a verificação de novo.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">O login volta a pedir só a senha.</p>
          <PasswordForm intent="turn-off" label="Desativar verificação" error={error} pending={pending} danger field={TURN_OFF_PASSWORD} />
        </>
      )}
    </>
  );
}

function FormAlertBlock({ error }: { error: FormError }) {
  return error && !error.field ? (
    <div className="mt-4">
      <FormAlert>{error.title}</FormAlert>
    </div>
  ) : null;
}

function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  const [copied, setCopied] = useState(false);
  const text = `Códigos de recuperação do Recanto (cada um funciona uma vez)\n\n${codes.join("\n")}\n`;
  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  }
  return (
    <>
      <h2 className="text-xl font-semibold">Guarde seus códigos de recuperação</h2>
      <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
        Sem o celular, entre com um destes códigos no lugar do código do aplicativo. Cada código funciona uma vez.{" "}
        <strong>Eles não serão mostrados de novo:</strong> guarde-os agora num lugar seguro, como um gerenciador de senhas.
      </p>
      <ul
        aria-label="Códigos de recuperação"
        className="mt-5 grid grid-cols-2 gap-2 rounded-lg bg-stone-100 p-4 font-mono text-base sm:text-lg dark:bg-stone-800"
      >
        {codes.map((code) => (
          <li key={code} className="text-center text-stone-900 dark:text-stone-50">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <button type="button" onClick={copy} className={secondaryButton}>
          {copied ? <Icon name="check" aria-hidden className="h-4 w-4" /> : <Icon name="copy" aria-hidden className="h-4 w-4" />}
          {copied ? "Códigos copiados" : "Copiar códigos"}
        </button>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recanto-codigos-de-recuperacao.txt" className={secondaryButton}>
          <Icon name="download" aria-hidden className="h-4 w-4" /> Baixar (.txt)
        </a>
      </div>
      <Link to={continueTo} className={`${primaryButton} mt-6`}>
        Já guardei, continuar
      </Link>
    </>
  );
}
