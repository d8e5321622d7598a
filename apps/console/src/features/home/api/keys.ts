export const homeKeys = {
  all: ['home'] as const,
  features: () => [...homeKeys.all, 'features'] as const,
  tpsToday: (day: { from: string; to: string }) => [...homeKeys.all, 'tps-aggregate', day] as const,
  countToday: (day: { from: string; to: string }) => [...homeKeys.all, 'count-aggregate', day] as const,
};
