import type { MantineColorScheme, MantineTheme } from '@mantine/core';

export type ChartColor = 'blue' | 'teal' | 'orange' | 'red' | 'grape' | 'green';

export interface ChartPalette {
  axis: string;
  grid: string;
  series: Record<ChartColor, string>;
}

const SERIES_COLORS: readonly ChartColor[] = ['blue', 'teal', 'orange', 'red', 'grape', 'green'];

/** Colours from the Mantine theme: darker shades on a light background, lighter on a dark one. */
export function chartPalette(theme: MantineTheme, scheme: Exclude<MantineColorScheme, 'auto'>): ChartPalette {
  const dark = scheme === 'dark';
  const shade = dark ? 4 : 7;
  const series = Object.fromEntries(
    SERIES_COLORS.map((color) => [color, theme.colors[color][shade]]),
  ) as Record<ChartColor, string>;
  return {
    axis: dark ? theme.colors.dark[1] : theme.colors.gray[7],
    grid: dark ? theme.colors.dark[4] : theme.colors.gray[3],
    series,
  };
}
