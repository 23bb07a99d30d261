import type { SVGProps } from "react";
import sprite from "virtual:icon-sprite";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type IconComponent = (props: IconProps) => React.JSX.Element;

/**
 * Lucide's icons, drawn from one sprite of those listed here (`iconSprite` in vite.config.ts builds
 * it from lucide-react's own drawings): a page's markup holds a reference per icon rather than its
 * paths, and its scripts hold no drawing. How an icon is stroked is the `icon` class's (app.css).
 * Without a label an icon is decorative, hidden from assistive technology.
 */
function icon(name: string): IconComponent {
  return function Icon({ className, ...props }: IconProps) {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined || props.role !== undefined;
    return (
      <svg aria-hidden={labelled ? undefined : true} {...props} className={className ? `icon ${className}` : "icon"}>
        <use href={`${sprite}#${name}`} />
      </svg>
    );
  };
}

export const Accessibility = /* @__PURE__ */ icon("accessibility");
export const AirVent = /* @__PURE__ */ icon("air-vent");
export const AlarmSmoke = /* @__PURE__ */ icon("alarm-smoke");
export const ArrowLeft = /* @__PURE__ */ icon("arrow-left");
export const ArrowRight = /* @__PURE__ */ icon("arrow-right");
export const Baby = /* @__PURE__ */ icon("baby");
export const BadgePercent = /* @__PURE__ */ icon("badge-percent");
export const Ban = /* @__PURE__ */ icon("ban");
export const Bath = /* @__PURE__ */ icon("bath");
export const BedDouble = /* @__PURE__ */ icon("bed-double");
export const BriefcaseMedical = /* @__PURE__ */ icon("briefcase-medical");
export const Camera = /* @__PURE__ */ icon("camera");
export const Car = /* @__PURE__ */ icon("car");
export const Cctv = /* @__PURE__ */ icon("cctv");
export const Check = /* @__PURE__ */ icon("check");
export const ChevronDown = /* @__PURE__ */ icon("chevron-down");
export const ChevronLeft = /* @__PURE__ */ icon("chevron-left");
export const ChevronRight = /* @__PURE__ */ icon("chevron-right");
export const Cigarette = /* @__PURE__ */ icon("cigarette");
export const CigaretteOff = /* @__PURE__ */ icon("cigarette-off");
export const CircleAlert = /* @__PURE__ */ icon("circle-exclamation-point");
export const CircleCheck = /* @__PURE__ */ icon("circle-check");
export const CircleCheckBig = /* @__PURE__ */ icon("circle-check-big");
export const ClipboardCheck = /* @__PURE__ */ icon("clipboard-check");
export const Coffee = /* @__PURE__ */ icon("coffee");
export const CookingPot = /* @__PURE__ */ icon("cooking-pot");
export const Copy = /* @__PURE__ */ icon("copy");
export const CreditCard = /* @__PURE__ */ icon("credit-card");
export const Crown = /* @__PURE__ */ icon("crown");
export const Download = /* @__PURE__ */ icon("download");
export const Dumbbell = /* @__PURE__ */ icon("dumbbell");
export const ExternalLink = /* @__PURE__ */ icon("external-link");
export const Eye = /* @__PURE__ */ icon("eye");
export const EyeOff = /* @__PURE__ */ icon("eye-off");
export const FireExtinguisher = /* @__PURE__ */ icon("fire-extinguisher");
export const Flame = /* @__PURE__ */ icon("flame");
export const FlameKindling = /* @__PURE__ */ icon("flame-kindling");
export const FlaskConical = /* @__PURE__ */ icon("flask-conical");
export const Fuel = /* @__PURE__ */ icon("fuel");
export const Gift = /* @__PURE__ */ icon("gift");
export const Globe = /* @__PURE__ */ icon("globe");
export const Heart = /* @__PURE__ */ icon("heart");
export const Hourglass = /* @__PURE__ */ icon("hourglass");
export const House = /* @__PURE__ */ icon("house");
export const ImageOff = /* @__PURE__ */ icon("image-off");
export const ImagePlus = /* @__PURE__ */ icon("image-plus");
export const Images = /* @__PURE__ */ icon("images");
export const Info = /* @__PURE__ */ icon("info");
export const Laptop = /* @__PURE__ */ icon("laptop");
export const Leaf = /* @__PURE__ */ icon("leaf");
export const List = /* @__PURE__ */ icon("list");
export const ListFilter = /* @__PURE__ */ icon("list-filter");
export const LocateFixed = /* @__PURE__ */ icon("locate-fixed");
export const Lock = /* @__PURE__ */ icon("lock");
export const LogIn = /* @__PURE__ */ icon("log-in");
export const LogOut = /* @__PURE__ */ icon("log-out");
export const Mail = /* @__PURE__ */ icon("mail");
export const MapIcon = /* @__PURE__ */ icon("map");
export const MapPin = /* @__PURE__ */ icon("map-pin");
export const Menu = /* @__PURE__ */ icon("menu");
export const MessageCircle = /* @__PURE__ */ icon("message-circle");
export const Monitor = /* @__PURE__ */ icon("monitor");
export const Moon = /* @__PURE__ */ icon("moon");
export const PartyPopper = /* @__PURE__ */ icon("party-popper");
export const PawPrint = /* @__PURE__ */ icon("paw-print");
export const Pencil = /* @__PURE__ */ icon("pencil");
export const PlugZap = /* @__PURE__ */ icon("plug-zap");
export const Plus = /* @__PURE__ */ icon("plus");
export const Sailboat = /* @__PURE__ */ icon("sailboat");
export const Search = /* @__PURE__ */ icon("search");
export const SearchX = /* @__PURE__ */ icon("search-x");
export const ShieldCheck = /* @__PURE__ */ icon("shield-check");
export const ShowerHead = /* @__PURE__ */ icon("shower-head");
export const Signal = /* @__PURE__ */ icon("signal");
export const SignalZero = /* @__PURE__ */ icon("signal-zero");
export const Siren = /* @__PURE__ */ icon("siren");
export const SlidersHorizontal = /* @__PURE__ */ icon("sliders-horizontal");
export const Sparkles = /* @__PURE__ */ icon("sparkles");
export const SquareParking = /* @__PURE__ */ icon("square-letter-p");
export const Sun = /* @__PURE__ */ icon("sun");
export const Trash2 = /* @__PURE__ */ icon("trash");
export const TreePalm = /* @__PURE__ */ icon("tree-palm");
export const TreePine = /* @__PURE__ */ icon("tree-pine");
export const Trees = /* @__PURE__ */ icon("trees");
export const Tv = /* @__PURE__ */ icon("tv");
export const User = /* @__PURE__ */ icon("user");
export const UserPlus = /* @__PURE__ */ icon("user-plus");
export const UserRound = /* @__PURE__ */ icon("user-round");
export const Users = /* @__PURE__ */ icon("users");
export const UtensilsCrossed = /* @__PURE__ */ icon("utensils-crossed");
export const WashingMachine = /* @__PURE__ */ icon("washing-machine");
export const WavesLadder = /* @__PURE__ */ icon("waves-ladder");
export const Wifi = /* @__PURE__ */ icon("wifi");
export const WifiOff = /* @__PURE__ */ icon("wifi-off");
export const X = /* @__PURE__ */ icon("x");
