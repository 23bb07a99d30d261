import type { DetailProperty } from "./property-detail-layout";
import { AmenityList, AttributeList, SafetyList } from "./feature-list";
import { HouseRulesSection } from "./house-rules-section";

/**
 * The body of a detail page: "Sobre este lugar", the amenities, the stay's attributes, the safety
 * items, then the house rules and cancellation policy. Its own module: the public page loads its
 * code as it comes near (decision 020), the server draws it with the page.
 */
export function PropertyBody({ property }: { property: DetailProperty }) {
  return (
    <>
      <section aria-labelledby="sobre-titulo" className="border-t border-stone-200 py-8 dark:border-stone-800">
        <h2 id="sobre-titulo" className="text-xl font-semibold">
          Sobre este lugar
        </h2>
        <p className="mt-3 leading-7 whitespace-pre-line text-stone-700 dark:text-stone-300">{property.description}</p>
      </section>
      <AmenityList amenities={property.amenities} />
      <AttributeList tags={property.features} />
      <SafetyList items={property.safetyItems} />
      <HouseRulesSection rules={property} features={property.features} />
    </>
  );
}
