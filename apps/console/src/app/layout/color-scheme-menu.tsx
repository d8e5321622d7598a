import { ActionIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

export const COLOR_SCHEME_TEXTS = {
  button: 'Colour scheme',
  choices: { auto: 'System', light: 'Light', dark: 'Dark' } satisfies Record<MantineColorScheme, string>,
} as const;

const CHOICES: MantineColorScheme[] = ['auto', 'light', 'dark'];
const ICONS: Record<MantineColorScheme, string> = { auto: '◐', light: '☀', dark: '☾' };

/**
 * System, light or dark: Mantine keeps the choice in this browser's local storage, so it is
 * remembered per browser and for every user of it.
 */
export function ColorSchemeMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" returnFocus>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={`${COLOR_SCHEME_TEXTS.button}: ${COLOR_SCHEME_TEXTS.choices[colorScheme]}`}
        >
          <span aria-hidden>{ICONS[colorScheme]}</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {CHOICES.map((choice) => (
          <Menu.Item
            key={choice}
            leftSection={<span aria-hidden>{choice === colorScheme ? '✓' : ICONS[choice]}</span>}
            onClick={() => setColorScheme(choice)}
          >
            {COLOR_SCHEME_TEXTS.choices[choice]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
