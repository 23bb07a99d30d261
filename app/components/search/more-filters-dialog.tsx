import { Icon } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { MoreFiltersPanel, type MoreFiltersProps } from "./more-filters-fields";

/** "Mais filtros" as a dialog, loaded with its boxes when first opened (more-filters.tsx opens it). */
export function MoreFiltersDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  ...fields
}: MoreFiltersProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Not portalled: the boxes are fields of the page's form. */}
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        onCloseAutoFocus={onCloseAutoFocus}
        className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90vh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:bottom-auto sm:w-[min(48rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:bg-stone-900"
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-6 py-4 dark:border-stone-700">
          <Dialog.Title className="text-lg font-semibold">Mais filtros</Dialog.Title>
          <Dialog.Close type="button" aria-label="Fechar" className="rounded-full p-2 hover:bg-stone-100 dark:hover:bg-stone-800">
            <Icon name="x" aria-hidden className="size-5" />
          </Dialog.Close>
        </div>
        <Dialog.Description className="sr-only">Comodidades, acesso, sinal de celular, internet e energia. Entre parênteses, quantas hospedagens cada opção encontra.</Dialog.Description>
        <MoreFiltersPanel {...fields} onShown={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
