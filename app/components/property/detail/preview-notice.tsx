import { Icon } from "~/components/ui/icons";

/** Above a listing awaiting approval, shown as guests will see it to its host or to an operator. */
export function PreviewNotice({ viewer }: { viewer: "host" | "operator" }) {
  return (
    <div className="mb-5 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50">
      <Icon name="eye" aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Pré-visualização · em análise</p>
        <p className="mt-0.5 text-sm">
          {viewer === "host"
            ? "Só você e a equipe do Recanto veem esta página. Os hóspedes poderão vê-la depois que ela for aprovada."
            : "Só o anfitrião e a equipe do Recanto veem esta página até ela ser aprovada."}
        </p>
      </div>
    </div>
  );
}
