/** Icon names allowed in page documents; kept in step with `icons.tsx` by the type below. */
export const ICON_NAMES = [
  'award', 'bell', 'bolt', 'brain', 'briefcase', 'bank', 'calendar', 'chart', 'check', 'clock',
  'code', 'coin', 'credit-card', 'database', 'eye', 'document', 'filter', 'gift', 'branch', 'headset',
  'handshake', 'language', 'layers', 'lock', 'mail', 'map-pin', 'sms', 'chat', 'pencil', 'phone',
  'plug', 'receipt', 'refresh', 'repeat', 'robot', 'rocket', 'route', 'search', 'server', 'settings',
  'shield', 'cart', 'sparkles', 'star', 'health', 'target', 'growth', 'umbrella', 'user-check', 'users',
  'world', 'x', 'palette', 'scale', 'heart', 'plane', 'school', 'car', 'home', 'factory', 'ticket',
  'laptop', 'smile', 'template', 'adjustments',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
