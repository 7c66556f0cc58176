/**
 * The site's icon set: the names page documents may use, mapped to Tabler icons.
 * Adding an icon = one line here; `icon-names.ts` derives the allowed names.
 */
import {
  IconAward, IconBell, IconBolt, IconBrain, IconBriefcase, IconBuildingBank, IconCalendar,
  IconChartBar, IconCheck, IconClock, IconCode, IconCoin, IconCreditCard, IconDatabase,
  IconEye, IconFileText, IconFilter, IconGift, IconGitBranch, IconHeadset, IconHeartHandshake,
  IconLanguage, IconLayersIntersect, IconLock, IconMail, IconMapPin, IconMessage, IconMessageCircle,
  IconPencil, IconPhone, IconPlug, IconReceipt, IconRefresh, IconRepeat, IconRobot, IconRocket,
  IconRoute, IconSearch, IconServer, IconSettings, IconShieldCheck, IconShoppingCart, IconSparkles,
  IconStar, IconStethoscope, IconTarget, IconTrendingUp, IconUmbrella, IconUserCheck, IconUsers,
  IconWorld, IconX, IconPalette, IconScale, IconHeart, IconPlane, IconSchool, IconCar, IconHome,
  IconBuildingFactory, IconTicket, IconDeviceLaptop, IconMoodSmile, IconTemplate, IconAdjustments,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { IconName } from './icon-names';

type IconComponent = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

export const icons: Record<IconName, IconComponent> = {
  award: IconAward, bell: IconBell, bolt: IconBolt, brain: IconBrain, briefcase: IconBriefcase,
  bank: IconBuildingBank, calendar: IconCalendar, chart: IconChartBar, check: IconCheck, clock: IconClock,
  code: IconCode, coin: IconCoin, 'credit-card': IconCreditCard, database: IconDatabase, eye: IconEye,
  document: IconFileText, filter: IconFilter, gift: IconGift, branch: IconGitBranch, headset: IconHeadset,
  handshake: IconHeartHandshake, language: IconLanguage, layers: IconLayersIntersect, lock: IconLock,
  mail: IconMail, 'map-pin': IconMapPin, sms: IconMessage, chat: IconMessageCircle, pencil: IconPencil,
  phone: IconPhone, plug: IconPlug, receipt: IconReceipt, refresh: IconRefresh, repeat: IconRepeat,
  robot: IconRobot, rocket: IconRocket, route: IconRoute, search: IconSearch, server: IconServer,
  settings: IconSettings, shield: IconShieldCheck, cart: IconShoppingCart, sparkles: IconSparkles,
  star: IconStar, health: IconStethoscope, target: IconTarget, growth: IconTrendingUp,
  umbrella: IconUmbrella, 'user-check': IconUserCheck, users: IconUsers, world: IconWorld, x: IconX,
  palette: IconPalette, scale: IconScale, heart: IconHeart, plane: IconPlane, school: IconSchool,
  car: IconCar, home: IconHome, factory: IconBuildingFactory, ticket: IconTicket, laptop: IconDeviceLaptop,
  smile: IconMoodSmile, template: IconTemplate, adjustments: IconAdjustments,
};

/** Renders a named icon, decorative (hidden from assistive technology). */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  const Component = icons[name];
  return <Component size={size} stroke={1.75} aria-hidden />;
}
