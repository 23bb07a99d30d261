import { Link } from "react-router";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-2xl font-bold text-stone-900 dark:text-stone-50">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export function SignedInNotice({ name }: { name: string }) {
  return (
    <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
      Você já está conectado como <strong>{name}</strong>. Continuar encerra a sessão atual.{" "}
      <Link to="/perfil" className="font-semibold underline">
        Ir para o perfil
      </Link>
    </p>
  );
}
