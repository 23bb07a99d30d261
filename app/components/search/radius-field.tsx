import { RADIUS_OPTIONS } from "@common/property-query";
import { inputClass } from "~/components/ui/input-class";

const label = "mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200";

/** How far around "Onde" (or the guest's position) to look: URL `raio`, 50 km unless chosen. */
export function RadiusField({
  id,
  radiusKm,
  onChange,
  className = "",
  labelClassName = label,
}: {
  id: string;
  radiusKm: number;
  onChange?: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  className?: string;
  labelClassName?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        Distância
      </label>
      <select id={id} name="raio" defaultValue={radiusKm} onChange={onChange} className={inputClass}>
        {RADIUS_OPTIONS.map((km) => (
          <option key={km} value={km}>
            {`Até ${km} km`}
          </option>
        ))}
      </select>
    </div>
  );
}
