/**
 * A listing's rural attributes (common/catalog.ts) as the host states them, and as the tags they
 * are stored and filtered as ("pets", "road:terra", "signal:vivo" …): one array column, one GIN
 * index, whatever the filters combine. Attributes not stated have no tag and match no filter.
 */
import {
  INTERNET_KINDS,
  MOBILE_CARRIERS,
  POWER_SOURCES,
  ROAD_ACCESS,
  STAY_FEATURES,
  type InternetKind,
  type MobileCarrier,
  type PowerSource,
  type RoadAccess,
  type StayFeature,
} from "./catalog";

export interface StayAttributes {
  features: StayFeature[];
  road: RoadAccess | null;
  /** Carriers with signal; [] = no signal at all; null = not stated. */
  signal: MobileCarrier[] | null;
  internet: InternetKind | null;
  power: PowerSource[];
}

export const NO_ATTRIBUTES: StayAttributes = { features: [], road: null, signal: null, internet: null, power: [] };

const FEATURE_TAGS: Record<StayFeature, string> = { petsAllowed: "pets", stepFree: "step-free", childFriendly: "kids" };
const NO_SIGNAL = "signal:none";

const keysOf = <T extends string>(record: Record<T, unknown>) => Object.keys(record) as T[];
export const FEATURE_KEYS = keysOf(STAY_FEATURES);
export const ROAD_KEYS = keysOf(ROAD_ACCESS);
export const CARRIER_KEYS = keysOf(MOBILE_CARRIERS);
export const INTERNET_KEYS = keysOf(INTERNET_KINDS);
export const POWER_KEYS = keysOf(POWER_SOURCES);

export const featureTag = (feature: StayFeature) => FEATURE_TAGS[feature];
export const roadTag = (road: RoadAccess) => `road:${road}`;
export const signalTag = (carrier: MobileCarrier | "none") => (carrier === "none" ? NO_SIGNAL : `signal:${carrier}`);
export const internetTag = (kind: InternetKind) => `internet:${kind}`;
export const powerTag = (source: PowerSource) => `power:${source}`;

/** The tags stored for these attributes, in a stable order. */
export function attributeTags(a: StayAttributes): string[] {
  return [
    ...FEATURE_KEYS.filter((f) => a.features.includes(f)).map(featureTag),
    ...(a.road ? [roadTag(a.road)] : []),
    ...(a.signal === null ? [] : a.signal.length === 0 ? [NO_SIGNAL] : CARRIER_KEYS.filter((c) => a.signal!.includes(c)).map(signalTag)),
    ...(a.internet ? [internetTag(a.internet)] : []),
    ...POWER_KEYS.filter((p) => a.power.includes(p)).map(powerTag),
  ];
}

/** The attributes stored tags describe (unknown tags are ignored). */
export function attributesFromTags(tags: readonly string[]): StayAttributes {
  const has = new Set(tags);
  const carriers = CARRIER_KEYS.filter((c) => has.has(signalTag(c)));
  return {
    features: FEATURE_KEYS.filter((f) => has.has(featureTag(f))),
    road: ROAD_KEYS.find((r) => has.has(roadTag(r))) ?? null,
    signal: carriers.length > 0 ? carriers : has.has(NO_SIGNAL) ? [] : null,
    internet: INTERNET_KEYS.find((k) => has.has(internetTag(k))) ?? null,
    power: POWER_KEYS.filter((p) => has.has(powerTag(p))),
  };
}
